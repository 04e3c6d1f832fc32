import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_VERSIONS } from '../lib/versions/table.js';
import { checkCompatibility, RELEASED_DOCUMENT } from './local/compatibility.js';

/**
 * `npm run api:compat` (part of `npm test`): the current OpenAPI document against the released one. A
 * breaking change fails unless it ships as a new version (scripts/local/compatibility.ts says when).
 */
const read = async (path: string) => JSON.parse(await readFile(path, 'utf8'));
const [released, current] = await Promise.all([
  read(RELEASED_DOCUMENT),
  read(join(import.meta.dirname, '..', 'docs', 'openapi.json')),
]);
const { ok, report } = await checkCompatibility(released, current, API_VERSIONS);
if (!ok) {
  console.error(report);
  process.exit(1);
}
console.error(`API compatible with the released document (version ${released.info.version})`);
