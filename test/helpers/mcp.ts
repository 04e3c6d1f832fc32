import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll } from 'vitest';

/**
 * MCP clients of the SDK's own, over the local gateway at `baseUrl()`, as Claude Code or Cursor
 * connect: with an X-API-Key header. Each file's clients are closed after it.
 */
export function useMcpClients(baseUrl: () => string): (key: string) => Promise<Client> {
  const clients: Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });
  return async (key) => {
    const client = new Client({ name: 'hiring-api-tests', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl()}/mcp`), {
        requestInit: { headers: { 'X-API-Key': key } },
      }),
    );
    clients.push(client);
    return client;
  };
}
