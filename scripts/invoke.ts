import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDb } from '../lib/db/client.js';
import { loadFixture } from './local/fixtures.js';
import { FUNCTION_NAMES } from './local/handlers.js';
import { invokeFunction } from './local/invoke.js';
import { stdoutForResultOnly } from './local/local-logs.js';

/**
 * `npm run invoke -- <function> [event.json]`: runs one function with a fixture (default
 * events/<function>.json: a payload-2.0 request, or the SQS or stream batch of a background function)
 * against the local database (DYNAMODB_ENDPOINT, default the one `npm start` runs), under the
 * function's deployed IAM, and prints its result on stdout (a batch's failed items included), like
 * `sam local invoke`. What it would send to a queue is printed on stderr. The fixture's times are moved
 * to now (scripts/local/fixtures.ts), so it runs the same on any day.
 */
const EVENTS_DIR = join(import.meta.dirname, '..', 'events');
const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};

const [functionName = '', eventPath] = process.argv.slice(2);
if (!functionName)
  fail(`Usage: npm run invoke -- <function> [event.json]; functions: ${FUNCTION_NAMES.join(', ')}`);
if (!FUNCTION_NAMES.includes(functionName))
  fail(`Unknown function "${functionName}"; functions: ${FUNCTION_NAMES.join(', ')}`);
const file = eventPath ?? join(EVENTS_DIR, `${functionName}.json`);
if (!existsSync(file))
  fail(
    `No fixture ${file}; fixtures in events/: ${readdirSync(EVENTS_DIR)
      .filter((name) => name.endsWith('.json'))
      .join(', ')}`,
  );

const writeResult = stdoutForResultOnly();
const started = performance.now();
const result = await invokeFunction(
  createDb({
    endpoint: process.env.DYNAMODB_ENDPOINT ?? 'http://127.0.0.1:8000',
    tableName: process.env.TABLE_NAME ?? 'hiring-local',
  }),
  functionName,
  await loadFixture(file),
  (line) => process.stderr.write(`${line}\n`),
);
writeResult(result);
process.stderr.write(
  `${functionName} finished in ${(performance.now() - started).toFixed(1)} ms\n`,
);
