import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { apiVersions, isServedVersion } from '../lib/versions/shape.js';
import { isScope, SCOPES } from '../lib/http/scopes.js';
import { KEY_MODES, type KeyMode } from '../lib/keys/format.js';
import { revokeApiKey } from '../lib/keys/api.js';
import { createKey } from '../lib/composition/keys.js';
import { createDb } from '../lib/db/client.js';
import { isValidId, newId } from '../lib/db/ids.js';
import { ID_RULE } from '../lib/schemas/ids.js';
import { type AuditContext, OPERATOR } from '../lib/audit/model.js';
import { indexCandidateEmails, moveApplicationCopiesToItems } from '../lib/resumes/migrations.js';
import { sealPlaintextSecrets } from '../lib/webhooks/secret-upgrade.js';
import { setTenantHourlyLimit } from '../lib/keys/store.js';
import { ensureTenant, setTenantLimit } from '../lib/db/tenants.js';
import { DomainError } from '../lib/errors.js';
import { jsonNestingDepth, MAX_EVENT_NESTING } from '../lib/schemas/json-depth.js';
import { parseOrThrow } from '../lib/schemas/parse.js';
import { refuseMalformedText } from '../lib/schemas/well-formed.js';
import { redriveDeadLetters } from '../lib/composition/product-events/dead-letters.js';
import { withDeployedPermissions } from './local/aws.js';
import { importProductData } from './local/import.js';
import { deliverLocally, type PublishedEvent, summarize } from './local/product-bus.js';
import { importFile } from '../lib/product-events/data.js';
import { expiryProblem } from '../lib/keys/requests.js';
import { stdoutForResultOnly } from './local/local-logs.js';
import { progressOnStderr } from './local/progress.js';
import { pruneVersions } from './local/prune-versions.js';
import { liveSpaceOf } from '../lib/db/spaces.js';

// stdout is the command's result, one JSON document, so that `npm run --silent admin -- … | jq` works:
// everything else written there (the functions' log lines) goes to stderr, with the progress.
const writeResult = stdoutForResultOnly();

/**
 * Operator commands against the table at DYNAMODB_ENDPOINT (default: a running `npm start`) or, with
 * DYNAMODB_ENDPOINT=aws, the real DynamoDB of the current AWS credentials. Prints one JSON object.
 */
const USAGE = `Usage: npm run admin -- <command> [options]
  create-key --tenant <id> --scopes <a,b> [--name <n>] [--expires-at <iso>] [--api-version <date>] [--mode live|test] [--blind]
  revoke-key --tenant <id> --key-id <id>
  set-quota  --tenant <id> --per-hour <n>          (the tenant's hourly limit per key)
  set-key-limit --tenant <id> --max-keys <n>      (active keys the tenant may hold; default 50)
  import     --tenant <id> --file <data.json>          (the product's data, applied as *.upserted events)
  publish    --file <events.ndjson> [--tenant <id>]   (product events, one a line: detail + type)
  redrive    --dlq-arn <arn>                          (move the dead-letter queue's events back; AWS only)
  prune-versions --stage <stage> [--keep <n>] [--dry-run]  (delete function versions no alias names but the newest n, default 5; AWS only)
  migrate-application-copies --tenant <id>            (once, after upgrading a table written before copies were items)
  seal-webhook-secrets --tenant <id>                  (once, after upgrading: encrypts signing secrets kept in clear; AWS: WEBHOOK_SECRETS_KEY_ARN)
  index-candidate-emails --tenant <id>                (once, after upgrading: makes resumes written before findable by e-mail)
Environment: DYNAMODB_ENDPOINT (default http://127.0.0.1:8000; "aws" for AWS), TABLE_NAME (default hiring-local)`;

class UsageError extends Error {}

/** The parsed options: a string each, and the flags (--dry-run). */
type Options = Record<string, string | boolean | undefined>;

function required(values: Options, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || !value) throw new UsageError(`--${name} is required`);
  return value;
}

function positiveInteger(values: Options, name: string): number {
  const value = Number(required(values, name));
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new UsageError(`--${name} must be a positive integer`);
  return value;
}

function tenantOf(values: Options): string {
  const tenant = required(values, 'tenant');
  if (!isValidId(tenant)) throw new UsageError(`--tenant must be ${ID_RULE}`);
  return tenant;
}

async function main(argv: string[]): Promise<unknown> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      tenant: { type: 'string' },
      scopes: { type: 'string' },
      name: { type: 'string' },
      'expires-at': { type: 'string' },
      'api-version': { type: 'string' },
      mode: { type: 'string' },
      blind: { type: 'boolean' },
      'key-id': { type: 'string' },
      'per-hour': { type: 'string' },
      'max-keys': { type: 'string' },
      file: { type: 'string' },
      'dlq-arn': { type: 'string' },
      stage: { type: 'string' },
      keep: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
  const endpoint = process.env.DYNAMODB_ENDPOINT ?? 'http://127.0.0.1:8000';
  // "aws": the real service, with the region and credentials of the environment.
  if (endpoint === 'aws') delete process.env.DYNAMODB_ENDPOINT;
  const db = createDb(endpoint === 'aws' ? {} : { endpoint });
  // Locally, product events are applied with the consumer function's permissions, as in AWS.
  const asDeployed = () => (endpoint === 'aws' ? Promise.resolve(db) : withDeployedPermissions(db));
  // The CLI's changes are the operator's: its AWS credentials, not a key, made them (GET /audit-log).
  const run = newId();
  const operatorAudit = (name: string): AuditContext => ({
    actor: OPERATOR,
    actorName: null,
    requestId: `admin-${run}`,
    clientIp: null,
    route: `admin ${name}`,
  });
  switch (command) {
    case 'create-key': {
      const tenantId = tenantOf(values);
      const named = required(values, 'scopes')
        .split(',')
        .map((scope) => scope.trim());
      const unknown = named.filter((scope) => !isScope(scope));
      if (unknown.length)
        throw new UsageError(`Unknown scope(s) ${unknown.join(', ')}; valid: ${SCOPES.join(', ')}`);
      const scopes = named.filter(isScope);
      const expiresAt = values['expires-at'];
      if (expiresAt !== undefined) {
        const problem = expiryProblem(expiresAt);
        if (problem) throw new UsageError(`--expires-at ${problem}`);
      }
      const apiVersion = values['api-version'];
      if (apiVersion !== undefined && !isServedVersion(apiVersion))
        throw new UsageError(
          `--api-version ${apiVersion} is not a version this API serves: ${apiVersions()
            .map(({ version }) => version)
            .join(', ')}`,
        );
      const mode = values.mode ?? 'live';
      if (!(KEY_MODES as readonly string[]).includes(mode))
        throw new UsageError(`--mode ${mode}: expected ${KEY_MODES.join(' or ')}`);
      await ensureTenant(db, liveSpaceOf(tenantId));
      const { key, record } = await createKey(
        db,
        tenantId,
        {
          name: values.name ?? 'admin-cli',
          scopes,
          expiresAt,
          createdBy: 'admin-cli',
          apiVersion,
          mode: mode as KeyMode,
          blind: values.blind === true,
        },
        { audit: operatorAudit('create-key') },
      );
      return { tenantId, ...record, key };
    }
    case 'revoke-key': {
      const tenantId = tenantOf(values);
      const keyId = required(values, 'key-id');
      await revokeApiKey(db, tenantId, keyId, { audit: operatorAudit('revoke-key') });
      return { tenantId, id: keyId, revoked: true };
    }
    case 'set-quota': {
      const tenantId = tenantOf(values);
      const perHour = positiveInteger(values, 'per-hour');
      await setTenantHourlyLimit(db, tenantId, perHour);
      return { tenantId, hourlyLimit: perHour };
    }
    case 'set-key-limit': {
      const tenantId = tenantOf(values);
      const maxKeys = positiveInteger(values, 'max-keys');
      await setTenantLimit(db, liveSpaceOf(tenantId), 'maxActiveKeys', maxKeys);
      return { tenantId, maxActiveKeys: maxKeys };
    }
    case 'import': {
      const tenantId = tenantOf(values);
      const file = required(values, 'file');
      const content: unknown = JSON.parse(await readFile(file, 'utf8'));
      refuseMalformedText(content, 'file');
      const data = parseOrThrow(importFile, content, 'file');
      const progress = progressOnStderr('import');
      const counts = await importProductData(await asDeployed(), liveSpaceOf(tenantId), data, {
        onProgress: progress.update,
      });
      progress.end();
      if (counts.rejected?.length) process.exitCode = 1;
      return { tenantId, ...counts };
    }
    case 'publish': {
      const tenantId = values.tenant === undefined ? undefined : tenantOf(values);
      const lines = (await readFile(required(values, 'file'), 'utf8')).split('\n');
      const events: PublishedEvent[] = [];
      const unreadable: { event: string; reason: string }[] = [];
      lines.forEach((line, i) => {
        if (line.trim() === '') return;
        const refuse = (reason: string) => unreadable.push({ event: `line ${i + 1}`, reason });
        // Measured before parsing: what nests too deeply would overflow the stack further on.
        const depth = jsonNestingDepth(line);
        if (depth > MAX_EVENT_NESTING)
          return refuse(
            `the line nests ${depth} levels deep: at most ${MAX_EVENT_NESTING} are accepted`,
          );
        let event: unknown;
        try {
          event = JSON.parse(line);
        } catch {
          return refuse('the line is not JSON');
        }
        if (typeof event !== 'object' || event === null || Array.isArray(event))
          return refuse('the line is not a JSON object');
        const published = event as PublishedEvent;
        events.push(
          tenantId && published.tenantId === undefined ? { ...published, tenantId } : published,
        );
      });
      const progress = progressOnStderr('publish');
      const summary = summarize(
        await deliverLocally(await asDeployed(), events, { onProgress: progress.update }),
      );
      progress.end();
      const rejected = [...unreadable, ...summary.rejected];
      if (rejected.length) process.exitCode = 1;
      return { applied: summary.applied, ignored: summary.ignored, rejected };
    }
    case 'migrate-application-copies': {
      const tenantId = tenantOf(values);
      return { tenantId, ...(await moveApplicationCopiesToItems(db, liveSpaceOf(tenantId))) };
    }
    case 'index-candidate-emails': {
      const tenantId = tenantOf(values);
      return { tenantId, ...(await indexCandidateEmails(db, liveSpaceOf(tenantId))) };
    }
    case 'seal-webhook-secrets': {
      const tenantId = tenantOf(values);
      // Locally the stack's key stands in for KMS (the operator's calls are not held to a function's role).
      return {
        tenantId,
        ...(await sealPlaintextSecrets(await asDeployed(), liveSpaceOf(tenantId))),
      };
    }
    case 'redrive': {
      if (endpoint !== 'aws')
        throw new UsageError(
          'redrive moves the messages of an AWS dead-letter queue: set DYNAMODB_ENDPOINT=aws and AWS credentials',
        );
      return { moveTask: await redriveDeadLetters(required(values, 'dlq-arn')) };
    }
    case 'prune-versions': {
      if (endpoint !== 'aws')
        throw new UsageError(
          'prune-versions deletes versions of the deployed functions: set DYNAMODB_ENDPOINT=aws and AWS credentials',
        );
      const stage = required(values, 'stage');
      const keep = values.keep === undefined ? 5 : positiveInteger(values, 'keep');
      const { LambdaClient } = await import('@aws-sdk/client-lambda');
      const functions = await pruneVersions(new LambdaClient({}), {
        stage,
        keep,
        dryRun: values['dry-run'] === true,
      });
      return { dryRun: values['dry-run'] === true, keep, functions };
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}"` : 'A command is required');
  }
}

/** The connection refusal under an error, if that is what it is (the SDK wraps it in its retries' error). */
function refusedConnection(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (
      (cause as NodeJS.ErrnoException).code === 'ECONNREFUSED' ||
      cause.message.includes('ECONNREFUSED')
    )
      return true;
    if (cause instanceof AggregateError && cause.errors.some(refusedConnection)) return true;
  }
  return false;
}

main(process.argv.slice(2)).then(
  (result) => {
    writeResult(result);
  },
  (error: unknown) => {
    const endpoint = process.env.DYNAMODB_ENDPOINT ?? 'http://127.0.0.1:8000';
    if (error instanceof UsageError) process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    else if (refusedConnection(error)) {
      process.stderr.write(
        `DynamoDB at ${endpoint} refused the connection: is \`npm start\` running? (Or set DYNAMODB_ENDPOINT to the table's endpoint.)\n`,
      );
    } else if (error instanceof DomainError) process.stderr.write(`${error.message}\n`);
    else
      process.stderr.write(
        `${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`,
      );
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
