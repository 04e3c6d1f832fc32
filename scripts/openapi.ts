import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildOpenApi } from './local/openapi.js';
import { scopeTable, withScopeTable } from './local/scope-table.js';

/**
 * `npm run openapi`: writes docs/openapi.json, and docs/api.md's scope table (both committed; a test
 * fails when either is stale).
 */
const docs = join(import.meta.dirname, '..', 'docs');
const target = join(docs, 'openapi.json');
await writeFile(target, `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
console.log(`Wrote ${target}`);
const api = join(docs, 'api.md');
// Only the table is formatted (aligned as Prettier aligns it): the rest of the file stays as written.
const table = await format(scopeTable(), { ...(await resolveConfig(api)), parser: 'markdown' });
await writeFile(api, withScopeTable(await readFile(api, 'utf8'), table.trim()));
console.log(`Wrote the scope table of ${api}`);
