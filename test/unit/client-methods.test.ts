import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HiringClient } from '../../clients/typescript/src/index.js';
import { ROUTES } from '../../lib/composition/routes.js';
import {
  clientRoutes,
  PYTHON_METHODS_FILE,
  pythonRouteMethods,
  TS_METHODS_FILE,
  tsRouteMethods,
} from '../../scripts/local/client-methods.js';

/**
 * Every route has its method in both clients, generated from the reference (`npm run client:types`):
 * a route added to the table without regenerating, or a client that drops a generated method, fails here.
 */
const PYTHON_SOURCE = join(import.meta.dirname, '..', '..', 'clients', 'python', 'src');
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

describe('the clients’ per-route methods', () => {
  it('are generated from the reference as it is now, for every route but the MCP endpoint and the console page’s own', async () => {
    expect(readFileSync(TS_METHODS_FILE, 'utf8')).toBe(await tsRouteMethods());
    expect(readFileSync(PYTHON_METHODS_FILE, 'utf8')).toBe(pythonRouteMethods());
    const named = clientRoutes().map((route) => route.operationId);
    const without = Object.entries(ROUTES)
      .filter(([, route]) => route.clientMethod === null)
      .map(([id]) => id);
    // The MCP endpoint is an MCP client's; the console's sign-in and sign-out are its page's own.
    expect(without.sort()).toEqual(['closeConsoleSession', 'mcp', 'openConsoleSession']);
    expect(new Set([...named, ...without])).toEqual(new Set(Object.keys(ROUTES)));
    const methods = clientRoutes().map((route) => `${route.group ?? ''}.${route.method}`);
    expect(new Set(methods).size).toBe(methods.length);
  });

  it('are each a method of the TypeScript client', () => {
    const client = new HiringClient({ baseUrl: 'http://localhost:3000/api/v1', apiKey: 'unused' });
    const missing = clientRoutes()
      .filter((route) => {
        const owner =
          route.group === undefined
            ? (client as unknown as Record<string, unknown>)
            : ((client as unknown as Record<string, Record<string, unknown>>)[route.group] ?? {});
        return typeof owner[route.method] !== 'function';
      })
      .map((route) => route.operationId);
    expect(missing).toEqual([]);
  });

  it('are each a method of the Python client', () => {
    const wanted = clientRoutes().map((route) =>
      [route.group === undefined ? '' : snake(route.group), snake(route.method)].join('.'),
    );
    const script = `
import json, sys
from hiring_integration import HiringClient
client = HiringClient(base_url="http://localhost:3000/api/v1", api_key="unused")
missing = []
for name in json.loads(sys.argv[1]):
    group, method = name.split(".")
    owner = getattr(client, group) if group else client
    if not callable(getattr(owner, method, None)):
        missing.append(name)
print(json.dumps(missing))
`;
    const output = execFileSync(
      process.env.PYTHON ?? 'python3',
      ['-c', script, JSON.stringify(wanted)],
      {
        env: { ...process.env, PYTHONPATH: PYTHON_SOURCE },
      },
    );
    expect(JSON.parse(output.toString())).toEqual([]);
  });
});
