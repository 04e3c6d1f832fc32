import { setSharedDb } from '../../lib/db/client.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { FUNCTION_TIMEOUT_MS } from '../../lib/config.js';
import { setTenantHourlyLimit } from '../../lib/keys/store.js';
import { LIMITS } from '../../lib/schemas/limits.js';
import { HiringClient, type JdByExternalId } from '../../clients/typescript/src/index.js';
import { fullAccessContext } from '../local/events.js';
import { startGateway } from '../local/gateway.js';
import { measureRoute, recordingDb } from './capacity.js';
import { seedTenant } from './seed.js';
import { table } from './stats.js';

/**
 * An ATS's first push (#64): POST /jds/batch with 100 small and 100 large JDs, created, then resent
 * unchanged, each measured on the route's real handler (DynamoDB work as DynamoDB bills it, time on
 * DynamoDB Local, the answer's size); then 2,000 JDs pushed through the TypeScript client over the
 * local gateway, counting its requests.
 */

/** What the answer and the time may reach: Lambda's response, and the function's timeout (API Gateway's 29 s beyond it). */
const RESPONSE_LIMIT_BYTES = 6 * 1024 * 1024;
const FIRST_PUSH = 2_000;

/** A JD as an ATS sends one; `textBytes` of description and requirements together. */
function requisition(n: number, run: string, textBytes: number): JdByExternalId {
  const paragraph =
    'Owns the ledger service end to end: design, on-call, and the migrations that keep it fast. ';
  const text = paragraph.repeat(Math.ceil(textBytes / paragraph.length));
  return {
    externalId: `REQ-${run}-${String(n).padStart(5, '0')}/workday:eu-central`,
    title: `Senior Backend Engineer ${n}, Payments Platform`,
    description: text.slice(0, Math.ceil(textBytes / 2)),
    requirements: text.slice(0, Math.floor(textBytes / 2)),
    createdById: 'ats-sync',
    department: 'Engineering',
    location: 'Berlin, Germany (hybrid)',
    experience: '5+ years',
    salary: '€85,000 – €105,000',
  };
}

interface BatchRun {
  label: string;
  items: number;
  bodyBytes: number;
  status: number;
  ms: number;
  calls: number;
  wcu: number;
  rcu: number;
  answerBytes: number;
  outcomes: string;
}

export async function measureBatches(
  endpoint: string,
  tableName: string,
  log: (message: string) => void,
): Promise<{
  runs: BatchRun[];
  push: { jds: number; requests: number; seconds: number; created: number };
}> {
  const recorder = recordingDb(endpoint, tableName);
  const runs: BatchRun[] = [];
  // Large: as large as 100 fit in one batch's body.
  const sizes = [
    { label: 'small', textBytes: 1_200 },
    { label: 'large', textBytes: Math.floor(LIMITS.batchBodyBytes / LIMITS.batchItems) - 1_000 },
  ];
  for (const { label, textBytes } of sizes) {
    const tenantId = liveSpaceOf(`bench-batch-${label}`);
    await seedTenant(recorder.db, tenantId, 0, 0);
    const context = fullAccessContext(tenantId, 'bench');
    const items = Array.from({ length: LIMITS.batchItems }, (_, n) =>
      requisition(n, label, textBytes),
    );
    for (const pass of ['created', 'resent unchanged']) {
      log(`batch of ${items.length} ${label} JDs, ${pass}`);
      const started = performance.now();
      const { work, json } = await measureRoute(recorder, context, 'POST', '/jds/batch', { items });
      const ms = performance.now() - started;
      const counts = new Map<string, number>();
      for (const result of (json.data ?? []) as { outcome?: string; error?: { code: string } }[]) {
        const what = result.outcome ?? result.error?.code ?? '?';
        counts.set(what, (counts.get(what) ?? 0) + 1);
      }
      runs.push({
        label: `100 ${label} JDs, ${pass}`,
        items: items.length,
        bodyBytes: Buffer.byteLength(JSON.stringify({ items })),
        status: work.status,
        ms,
        calls: work.calls,
        wcu: work.wcu,
        rcu: work.rcu,
        answerBytes: Buffer.byteLength(JSON.stringify(json)),
        outcomes: [...counts].map(([what, count]) => `${count} ${what}`).join(', '),
      });
    }
  }

  log(`${FIRST_PUSH} JDs through the TypeScript client`);
  const tenantId = liveSpaceOf('bench-first-push');
  const { key } = await seedTenant(recorder.db, tenantId, 0, 0);
  await setTenantHourlyLimit(recorder.db, 'bench-first-push', 1_000_000);
  setSharedDb(recorder.db);
  const gateway = await startGateway(0);
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  try {
    const client = new HiringClient({ baseUrl: gateway.url, apiKey: key, fetch: counting });
    const started = performance.now();
    const results = await client.jds.upsertMany(
      Array.from({ length: FIRST_PUSH }, (_, n) => requisition(n, 'push', 1_200)),
    );
    const seconds = (performance.now() - started) / 1000;
    const created = results.filter((result) => 'outcome' in result && result.outcome === 'created');
    return { runs, push: { jds: FIRST_PUSH, requests, seconds, created: created.length } };
  } finally {
    await gateway.close();
    setSharedDb(undefined);
  }
}

const perJd = (run: BatchRun | undefined) =>
  `${((run?.bodyBytes ?? 0) / (run?.items ?? 1) / 1024).toFixed(1)} KB`;

/** The section of docs/benchmarks.md, and its targets. */
export function batchSection(
  measured: Awaited<ReturnType<typeof measureBatches>>,
  check: (ok: boolean, text: string) => void,
): string[] {
  const { runs, push } = measured;
  for (const run of runs) {
    check(
      run.status === 200 &&
        run.answerBytes < RESPONSE_LIMIT_BYTES &&
        run.ms < FUNCTION_TIMEOUT_MS &&
        !/error|\?/.test(run.outcomes),
      `a batch of ${run.label}: every item written or found unchanged, within the function's ${FUNCTION_TIMEOUT_MS / 1000} s (${(run.ms / 1000).toFixed(1)} s on DynamoDB Local) and its answer far under 6 MB (${(run.answerBytes / 1024).toFixed(1)} KB)`,
    );
  }
  check(
    push.requests === Math.ceil(push.jds / LIMITS.batchItems) && push.created === push.jds,
    `a first push of ${push.jds.toLocaleString('en')} JDs through the client: ${Math.ceil(push.jds / LIMITS.batchItems)} requests (${push.requests}, ${push.created.toLocaleString('en')} created, ${push.seconds.toFixed(1)} s on the local stack)`,
  );
  return [
    '## Batches (POST /jds/batch)',
    `An ATS's first push: 100 JDs in one request, each upserted by its \`externalId\` in its own transaction, 8 at a time (lib/jds/upsert.ts); then the same batch again, as a nightly reconciliation finds it. "Small": ${perJd(runs[0])} a JD; "large": ${perJd(runs[2])}, as large as 100 fit in the ${LIMITS.batchBodyBytes.toLocaleString('en')} bytes a batch takes. WCU as DynamoDB bills a transaction (2 per KB of each item written); time on DynamoDB Local, on this machine.`,
    table(
      ['batch', 'body', 'status', 'time', 'DynamoDB calls', 'WCU', 'RCU', 'answer', 'items'],
      runs.map((run) => [
        run.label,
        `${(run.bodyBytes / 1024).toFixed(0)} KB`,
        run.status,
        `${(run.ms / 1000).toFixed(2)} s`,
        run.calls,
        run.wcu.toFixed(0),
        run.rcu.toFixed(1),
        `${(run.answerBytes / 1024).toFixed(1)} KB`,
        run.outcomes,
      ]),
    ),
    `${push.jds.toLocaleString('en')} JDs through \`client.jds.upsertMany\` over the local gateway: ${push.requests} requests (${push.requests} units of the key's hour, where one POST /jds a JD would spend ${push.jds.toLocaleString('en')}), ${push.seconds.toFixed(1)} s.`,
  ];
}
