import { createDb, type Db } from '../../lib/db/client.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { withGroupedCalls } from '../../lib/db/grouped-calls.js';
import { consumeMessage, type DeadLetters } from '../../lib/product-events/consume.js';
import { BACKGROUND_FUNCTIONS } from '../../lib/functions.js';
import { withDeployedPermissions } from '../local/aws.js';
import { runAsFunction } from '../local/iam.js';
import { eventsOfImport } from '../local/import.js';
import { queueMessageOf } from '../local/product-bus.js';
import { importSample } from './seed.js';
import { median, quantile } from './stats.js';
import type { SpaceId } from '../../lib/db/spaces.js';

/**
 * The product-events consumer as Lambda runs it: batches of 10 SQS messages (the event source's
 * batchSize), the messages of a batch applied concurrently (Powertools' BatchProcessor), against a
 * modeled round trip per DynamoDB call. Once with the calls of a batch sent in groups
 * (lib/db/grouped-calls.ts), once with the plain data layer, on fresh tenants of the same data.
 */
export interface ConsumerRun {
  grouped: boolean;
  batches: number;
  medianMs: number;
  p90Ms: number;
  callsPerBatch: number;
  failedMessages: number;
}

const BATCH_SIZE = 10;

function countingDb(
  endpoint: string,
  tableName: string,
  roundTripMs: number,
): { db: Db; calls: () => number } {
  const db = createDb({ endpoint, tableName });
  let calls = 0;
  db.client.middlewareStack.add(
    (next) => async (args) => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, roundTripMs));
      return next(args);
    },
    { step: 'finalizeRequest', name: 'modeledRoundTrip' },
  );
  return { db, calls: () => calls };
}

async function run(
  endpoint: string,
  tableName: string,
  roundTripMs: number,
  grouped: boolean,
  tenantId: SpaceId,
  size: number,
): Promise<ConsumerRun> {
  const counting = countingDb(endpoint, tableName, roundTripMs);
  const plain = await withDeployedPermissions(counting.db);
  const db = grouped ? withGroupedCalls(plain) : plain;
  const deadLetters: DeadLetters = { send: async () => undefined };
  const events = eventsOfImport(tenantId, importSample(size));
  // JDs, then resumes, then applications, as the product publishes them: a batch never holds an
  // application whose resume is in the same batch (that message would wait for a redelivery).
  const phases = ['jd.upserted', 'resume.upserted', 'application.upserted'].map((type) =>
    events.filter((event) => event.type === type),
  );
  const times: number[] = [];
  let failedMessages = 0;
  const callsBefore = counting.calls();
  for (const phase of phases) {
    for (let i = 0; i < phase.length; i += BATCH_SIZE) {
      const batch = phase
        .slice(i, i + BATCH_SIZE)
        .map((event, index) => queueMessageOf(event, i + index));
      const started = performance.now();
      const results = await Promise.allSettled(
        batch.map((message) =>
          runAsFunction(BACKGROUND_FUNCTIONS.eventConsumer, () =>
            consumeMessage(db, deadLetters, message),
          ),
        ),
      );
      times.push(performance.now() - started);
      failedMessages += results.filter(
        (result) => result.status === 'rejected' || result.value.outcome !== 'applied',
      ).length;
    }
  }
  return {
    grouped,
    batches: times.length,
    medianMs: median(times),
    p90Ms: quantile(times, 0.9),
    callsPerBatch: (counting.calls() - callsBefore) / times.length,
    failedMessages,
  };
}

/** Both ways, interleaved twice so that neither gets a warmer DynamoDB Local. */
export async function measureConsumer(
  endpoint: string,
  tableName: string,
  roundTripMs: number,
  size = 630,
): Promise<ConsumerRun[]> {
  await run(endpoint, tableName, 0, true, liveSpaceOf('bench-consumer-warm-up'), 210);
  const runs: ConsumerRun[] = [];
  for (const round of [1, 2]) {
    for (const grouped of [true, false])
      runs.push(
        await run(
          endpoint,
          tableName,
          roundTripMs,
          grouped,
          liveSpaceOf(`bench-consumer-${round}-${grouped ? 'g' : 'p'}`),
          size,
        ),
      );
  }
  return runs;
}
