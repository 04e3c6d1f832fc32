import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDb, setSharedDb } from '../lib/db/client.js';
import { lambdaContext, loadHandler } from './local/handlers.js';
import { withDeployedPermissions } from './local/aws.js';

/**
 * `npm run invoke -- <function> [event.json]`: runs one handler with a payload-2.0 fixture (default
 * events/<function>.json) against the local database (DYNAMODB_ENDPOINT, default the one `npm start`
 * runs) and prints its result, like `sam local invoke`.
 */
const [functionName, eventPath] = process.argv.slice(2);
if (!functionName) {
  console.error('Usage: npm run invoke -- <function> [event.json]   (functions: the folders under functions/)');
  process.exit(2);
}
process.env.DYNAMODB_ENDPOINT ??= 'http://127.0.0.1:8000';
process.env.TABLE_NAME ??= 'hiring-local';
const file = eventPath ?? join(import.meta.dirname, '..', 'events', `${functionName}.json`);
const event = JSON.parse(await readFile(file, 'utf8'));
// The function runs with the DynamoDB permissions it has in the deployed stack.
setSharedDb(await withDeployedPermissions(createDb()));
const handler = await loadHandler(functionName);
const started = performance.now();
const result = await handler(event, lambdaContext(functionName, randomUUID()));
console.log(JSON.stringify(result, null, 2));
console.error(`${functionName} finished in ${(performance.now() - started).toFixed(1)} ms`);
