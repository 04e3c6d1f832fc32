import { parseArgs } from 'node:util';
import { HiringClient } from './index.js';
import { listen } from './listen.js';
import { tailRequests } from './tail.js';

/**
 * The package's command: `npx @hiring-integration/client listen --key hk_test_… --forward-to
 * http://localhost:3000/webhooks`. Each delivery is a line on stdout; the banner, the signing secret
 * and errors go to stderr. Ctrl-C stops it cleanly (exit 0).
 */
const USAGE = `Usage: hiring listen --key <hk_test_…> --forward-to <url> [options]
       hiring requests --tail --key <admin key> [--status 4xx] [--route "GET /jds/{jdId}"] [--key-id <id>] [--json]

Follows the key's event log from now on (from where it stopped, once it has run) and POSTs each
event to your URL, signed as webhooks are (Standard Webhooks), with the secret it prints: start it
before you make the changes you want to see, and give your handler that secret.

  --key <key>          the API key whose events to forward (or HIRING_API_KEY)
  --forward-to <url>   where to POST each event, signed as webhooks are
  --api-url <url>      the API with its prefix (or HIRING_API_URL; default http://localhost:3000/api/v1)
  --state <file>       keeps the signing secret and the position (default .hiring-listen.json;
                       it holds a secret: keep it out of version control)
  --secret <whsec_…>   sign with this secret instead of the kept one
  --after <position>   start after this event id (evt_…), or from this instant on
                       (2026-11-28T09:00:00Z, or now), instead of where it stopped
  -h, --help           this text

requests --tail prints each request the key's space makes from now on as the request log records it
(a few seconds after its answer), one line each: time, status, method and path, error code, key name,
request id (--json: the entry as JSON). The key needs the admin scope.`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || ['help', '--help', '-h'].includes(command)) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command === 'requests') return tail(rest);
  if (command !== 'listen') throw new UsageError(`Unknown command: ${command}`);
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        key: { type: 'string' },
        'forward-to': { type: 'string' },
        'api-url': { type: 'string' },
        state: { type: 'string' },
        secret: { type: 'string' },
        after: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // A mistyped option: say which, with the usage.
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const apiKey = values.key ?? process.env.HIRING_API_KEY;
  const forwardTo = values['forward-to'];
  if (!apiKey) throw new UsageError('--key is required');
  if (!forwardTo) throw new UsageError('--forward-to is required');
  const aborter = new AbortController();
  process.once('SIGINT', () => aborter.abort());
  process.once('SIGTERM', () => aborter.abort());
  await listen({
    baseUrl: values['api-url'] ?? process.env.HIRING_API_URL ?? 'http://localhost:3000/api/v1',
    apiKey,
    forwardTo,
    stateFile: values.state ?? '.hiring-listen.json',
    secret: values.secret,
    after: values.after,
    signal: aborter.signal,
    onStart: ({ tenantId, mode, secret, resumed }) => {
      process.stderr.write(
        `Forwarding the ${mode} events of tenant ${tenantId} to ${forwardTo}${values.after ? ` (after ${values.after})` : resumed ? ' (resuming)' : ''}\n` +
          `Signing secret: ${secret}\n` +
          (mode === 'live'
            ? 'Note: this is a live key; a test key (hk_test_…) forwards test events only\n'
            : '') +
          'Ctrl-C to stop\n',
      );
    },
    onWaiting: ({ via, ms }) => {
      process.stderr.write(
        via === 'stream'
          ? 'Waiting for events (on the event stream: each is forwarded as it is committed)…\n'
          : via === 'long-poll'
            ? `Waiting for events (each look waits up to ${Math.round(ms / 1000)} s for the next one)…\n`
            : `Waiting for events (a look every ${Math.round(ms / 1000)} s)…\n`,
      );
    },
    onDelivery: ({ event, status, error, ms }) => {
      process.stdout.write(
        `${new Date().toISOString()}  ${event.type}  ${event.id}  -> ${status ?? `no answer (${error}): trying again`}  (${ms} ms)\n`,
      );
    },
  });
  process.stderr.write('Stopped\n');
}

/** `hiring requests --tail`: the request log, followed. */
async function tail(args: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        tail: { type: 'boolean' },
        key: { type: 'string' },
        'api-url': { type: 'string' },
        status: { type: 'string' },
        route: { type: 'string' },
        'key-id': { type: 'string' },
        json: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (!values.tail) throw new UsageError('requests takes --tail (the only way it runs for now)');
  const apiKey = values.key ?? process.env.HIRING_API_KEY;
  if (!apiKey) throw new UsageError('--key is required');
  const client = new HiringClient({
    baseUrl: values['api-url'] ?? process.env.HIRING_API_URL ?? 'http://localhost:3000/api/v1',
    apiKey,
  });
  const aborter = new AbortController();
  process.once('SIGINT', () => aborter.abort());
  process.once('SIGTERM', () => aborter.abort());
  process.stderr.write(
    'Following the request log (entries come a few seconds after their answers); Ctrl-C to stop\n',
  );
  await tailRequests(client, {
    filters: {
      ...(values.status ? { status: values.status } : {}),
      ...(values.route ? { route: values.route } : {}),
      ...(values['key-id'] ? { keyId: values['key-id'] } : {}),
    },
    signal: aborter.signal,
    onEntry: (entry) =>
      process.stdout.write(
        values.json
          ? `${JSON.stringify(entry)}\n`
          : `${entry.time}  ${entry.status}  ${entry.method} ${entry.path}  ${entry.code ?? '-'}  ${entry.keyName}  ${entry.requestId}\n`,
      ),
  });
  process.stderr.write('Stopped\n');
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message ? `${error.message}\n` : ''}${USAGE}\n`);
      process.exit(2);
    }
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  },
);
