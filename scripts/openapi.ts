import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildOpenApi } from './local/openapi.js';

/** `npm run openapi`: writes docs/openapi.json (committed; a test fails when it is stale). */
const target = join(import.meta.dirname, '..', 'docs', 'openapi.json');
await writeFile(target, `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
console.log(`Wrote ${target}`);
