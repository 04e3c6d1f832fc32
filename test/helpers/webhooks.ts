import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Db } from '../../lib/db/client.js';
import { startWebhookRuntime, type WebhookRuntime } from '../../scripts/local/webhooks.js';
import type { WorkerDependencies } from '../../lib/webhooks/worker.js';
import { deliveryViolations } from './contract.js';

export interface Received {
  /** the request as an integrator's receiver gets it */
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** the status the receiver answered (undefined: it never answered) */
  status?: number;
}

/**
 * An integrator's webhook receiver: its own HTTP server on localhost. `answer` decides, for each request
 * (and how many times this webhook-id came before), the status to answer, or 'hang' to never answer.
 */
export async function startReceiver(
  answer: (request: Received, previousOfId: number) => number | 'hang' = () => 200,
  options: { olderVersion?: true } = {},
) {
  const received: Received[] = [];
  // Every delivery is held to the document's webhooks section; a breach fails the receiver's close().
  const violations: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: Received = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      };
      // An endpoint pinned to an older API version receives that version's shapes, not the document's.
      if (!options.olderVersion)
        violations.push(...deliveryViolations(request.headers, entry.body));
      const previous = received.filter(
        (other) => other.headers['webhook-id'] === request.headers['webhook-id'],
      ).length;
      received.push(entry);
      const decision = answer(entry, previous);
      if (decision === 'hang') return;
      entry.status = decision;
      response.writeHead(decision).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    violations,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close(() =>
          violations.length > 0
            ? reject(
                new Error(`Webhook deliveries break docs/openapi.json:\n${violations.join('\n')}`),
              )
            : resolve(),
        );
      }),
  };
}

/**
 * The local dispatcher and worker on the test file's table, started before its tests (from the
 * stream's latest record) with short delivery timeouts. The table needs its stream: `useTestDb({ stream: true })`.
 */
export function useWebhookRuntime(
  db: () => Db,
  worker: Omit<WorkerDependencies, 'queue'> = { timeoutMs: 400 },
): () => WebhookRuntime {
  let runtime: WebhookRuntime | undefined;
  beforeAll(async () => {
    runtime = await startWebhookRuntime(db(), { endpoint: inject('dynamodbEndpoint'), worker });
  });
  afterAll(async () => runtime?.stop());
  return () => {
    if (!runtime) throw new Error('useWebhookRuntime(): started in beforeAll');
    return runtime;
  };
}

/** Waits until `condition` holds, checking every 50 ms, failing after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
