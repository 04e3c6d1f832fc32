import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

/** The TypeScript client's types (clients/typescript/src/openapi.ts), generated from docs/openapi.json. */
export const CLIENT_TYPES_FILE = join(
  import.meta.dirname,
  '..',
  '..',
  'clients',
  'typescript',
  'src',
  'openapi.ts',
);

export async function clientTypes(): Promise<string> {
  const document = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'),
  );
  const header =
    '// Generated from docs/openapi.json by `npm run client:types` (openapi-typescript). Do not edit.\n\n';
  return header + astToString(await openapiTS(document, { exportType: false }));
}
