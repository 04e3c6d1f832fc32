import createClient from 'openapi-fetch';
import type { paths } from '../../clients/typescript/src/openapi.js';

/**
 * What an integrator writes with openapi-typescript's types and openapi-fetch, configured as
 * docs/api.md says: `npm run typecheck` compiles it, so a plain page's items and every error's `code`
 * read without narrowing (test/contract/generated-client.test.ts makes the calls).
 */
export async function publishedTitles(apiUrl: string, key: string): Promise<string[]> {
  const api = createClient<paths>({ baseUrl: apiUrl, headers: { 'X-API-Key': key } });
  const { data, error } = await api.GET('/jds', { params: { query: { status: 'PUBLISHED' } } });
  if (error) throw new Error(`The API answered ${error.code ?? 'no code'}`);
  return data.kind === 'page' ? data.data.map((jd) => jd.title) : [];
}
