import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createDb, type Db, setSharedDb } from '../../lib/db/client.js';
import { readCount } from '../../lib/db/counters.js';
import { ensureTable, startDynamoDbLocal } from '../local/dynamodb-local.js';
import { fullAccessContext } from '../local/events.js';
import { withDeployedPermissions } from '../local/aws.js';
import { importProductData } from '../local/import.js';
import { DELIVERY_CONCURRENCY } from '../local/product-bus.js';
import { startGateway } from '../local/gateway.js';
import { cdkBundles, coldLoads, floorBundle } from './bundles.js';
import { measureAuthorizer, measureRoute, recordingDb, type Work } from './capacity.js';
import { BIG_JD, importSample, RARE_FILE_NAME, seedTenant } from './seed.js';
import { ENTRIES_PER_PAGE, MAX_PARALLEL_READS } from '../../lib/db/time-range-query.js';
import { envelopeSection, measureEnvelope } from './envelope.js';
import { batchSection, measureBatches } from './batch.js';
import { dispatcherSection, measureDispatcher } from './dispatcher.js';
import { CONNECTIONS, measureStreamScale, SPACES, streamListenerMonth } from './stream.js';
import { measureFreshness, measureSequencingCost } from './freshness.js';
import { consoleServingPerMillion, measureConsole } from './console.js';
import { CONSOLE_SCRIPT_BUDGET_BYTES } from '../../infra/console.js';
import { kb, quantile, ratio, table } from './stats.js';
import { authenticate } from '../../lib/keys/authentication.js';
import { hashApiKey } from '../../lib/keys/format.js';
import { NOT_MEASURED_WARM, warmOverhead } from './warm.js';
import { itemName, PRICES, prodTemplates, stageCost } from './cost.js';
import type { SpaceId } from '../../lib/db/spaces.js';

/**
 * `npm run bench`: bundle sizes, cold load, warm overhead, DynamoDB work per request on tenants of
 * several sizes, the authorizer's write, and local throughput, all in one run on this machine.
 * Writes docs/benchmarks.md and docs/benchmarks/bundles.svg. Time is compared within the run only.
 */
const DOCS = join(import.meta.dirname, '..', '..', 'docs');
const TIERS = (process.env.BENCH_TIERS ?? '100,10000,100000').split(',').map(Number);
const COLD_ROUNDS = Number(process.env.BENCH_COLD_ROUNDS ?? 21);
const WARM_INVOCATIONS = Number(process.env.BENCH_WARM_INVOCATIONS ?? 1000);
const log = (message: string) =>
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const sections: string[] = [];
const verdicts: string[] = [];
const check = (ok: boolean, text: string) => verdicts.push(`- ${ok ? '✅' : '❌'} ${text}`);

/**
 * Targets of the issues that set them (#50, #61): per million authenticated GETs with the edge, per
 * million writes at low traffic, and idle, in every year of a stage.
 */
// A million GETs: $4.39 before the request log, which may add at most $0.61 (docs/benchmarks.md).
const COST_TARGETS = { busy: 5.0, low: 5.5, writes: 15, idleMonth: 20 };

async function costSection(endpoint: string, tableName: string) {
  log('synthesizing prod for its cost');
  const { templates, cleanup } = await prodTemplates();
  try {
    const cost = await stageCost(templates, endpoint, tableName);
    const dollars = (value: number) => `$${value.toFixed(2)}`;
    check(
      cost.perMillion.busyWithEdge <= COST_TARGETS.busy,
      `a million authenticated GETs with the edge, busy, the request log included: ≤ ${dollars(COST_TARGETS.busy)} (${dollars(cost.perMillion.busyWithEdge)})`,
    );
    check(
      cost.perMillion.lowWithEdge <= COST_TARGETS.low,
      `a million authenticated GETs with the edge, under a request a second per function: ≤ ${dollars(COST_TARGETS.low)} (${dollars(cost.perMillion.lowWithEdge)})`,
    );
    cost.idle.byYear.forEach((month, year) =>
      check(
        month <= COST_TARGETS.idleMonth,
        `an idle prod stage in its year ${year + 1}: ≤ ${dollars(COST_TARGETS.idleMonth)} a month (${dollars(month)})`,
      ),
    );
    for (const write of cost.writes)
      check(
        write.total <= COST_TARGETS.writes,
        `a million writes at low traffic, ${write.what}: ≤ ${dollars(COST_TARGETS.writes)} (${dollars(write.total)})`,
      );
    sections.push(
      '## What a stage costs',
      "Computed from the synthesized prod templates (cdk.json's description) at list prices (us-east-1, November 2026; free tiers not counted), and from what runs here: GET /jds/:id's answer for a JD of about 1.6 KB of prose, as the function sends it (" +
        `${cost.measured.answerBytes} B with its headers, ${cost.measured.answerBytesGzip} B gzip-compressed for a client that accepts it, as fetch, browsers and the common HTTP libraries do), ` +
        `and an access-log line in the stage's format (${cost.measured.accessLogLineBytes} B with CloudWatch's 26 B an event). ` +
        "Lambda's billed duration (40 ms for the two invocations at 512 MB) and the request's 1 KB to the origin are assumed: no AWS account is reachable from here.",
      '### Idle, a month',
      table(
        ['what', 'a month'],
        [
          ...cost.idle.items.map(([what, value]) => [what, dollars(value)]),
          ['**total**', `**${dollars(cost.idle.total)}**`],
        ],
      ),
      `In its first year **${dollars(cost.idle.byYear[0])}**, its second **${dollars(cost.idle.byYear[1])}**, from its third **${dollars(cost.idle.byYear[2])}** a month: each rotating KMS key's first two yearly rotations add a month's key price each. Plus storage by volume (the table, point-in-time recovery, logs). Nested stacks, roles, the Parameter Store parameter, the e-mail subscription and retained versions (within Lambda's free 75 GB) cost nothing.`,
      '### A million writes, at low traffic',
      "Each as a request makes it at under a request a second per function, where X-Ray would trace nearly every invocation of a traced function (none is): the request through the edge, its function and its DynamoDB work, then the webhook dispatcher, which each write invokes twice (its pending entries, then its events), and the sequencing transaction that gives the write's pending entries their places in the ordered log. DynamoDB's work is measured on the local stack and billed as DynamoDB bills it, from each item as it was before and after the call: a transaction 2 write units for each KB (rounded up) of each item it puts, updates, deletes or checks, the larger of the two, and each index entry it puts or removes 1 unit a KB (its keys, its projected attributes and DynamoDB's 100 B; none where neither its key nor a projected attribute changed, two where its key did). Lambda durations are assumed (the route 60 ms, the authorizer 20 ms, the dispatcher 50 ms, the consumer 80 ms), and so is the size of Lambda's own START and REPORT lines (about 0.67 KB an invocation), counted for the functions that log them.",
      ...cost.writes.flatMap((write) => [
        `**${write.what}: ${dollars(write.total)}** a million`,
        table(
          ['what', 'per million'],
          write.items.map(([what, value]) => [what, `$${value.toFixed(3)}`]),
        ),
        table(
          ['what it writes', 'size', 'write units', 'index entries (write units)'],
          [
            ...write.work.items.map((item) => ['the write', item] as const),
            ...write.work.placed.items.map((item) => ['its place in the log', item] as const),
          ].map(([when, item]) => [
            `${when}: ${itemName(item)}`,
            `${item.bytes} B`,
            String(item.tableWcu),
            Object.entries(item.indexes)
              .map(([index, units]) => `${index} ${units}`)
              .join(', ') || '–',
          ]),
        ),
      ]),
      `### A listener, a month: **${dollars(cost.listenerMonth.total)}**`,
      'A client following the log with GET /events?wait=20 (listen, events.follow) while nothing happens: each request waits 20 s and is asked again at once.',
      table(
        ['what', 'a month'],
        cost.listenerMonth.items.map(([what, value]) => [what, dollars(value)]),
      ),
      `### A webhook delivery: **${dollars(cost.deliveryPerMillion.total)}** a million`,
      table(
        ['what', 'per million'],
        cost.deliveryPerMillion.items.map(([what, value]) => [what, `$${value.toFixed(3)}`]),
      ),
      '### A million authenticated GETs (GET /jds/:id)',
      table(
        ['what', 'per million'],
        cost.perMillion.items.map(([what, value]) => [what, `$${value.toFixed(3)}`]),
      ),
      `With the edge: **${dollars(cost.perMillion.busyWithEdge)}** a million when busy for viewers in the US (**${dollars(cost.perMillion.busyWithEdgeEurope)}** in Europe, where CloudFront's HTTPS requests cost $1.20 a million; ${dollars(cost.perMillion.busyWithEdgeUncompressed)} for clients that do not accept gzip); **${dollars(cost.perMillion.lowWithEdge)}** below a request a second per function, where Lambda's X-Ray sampling would trace nearly every request of a traced function (none on this path is: the API functions log a slow or failed answer's calls instead). Without the edge (dev): **${dollars(cost.perMillion.withoutEdge)}**, no CloudFront nor WAF, one more write (the authorizer's per-IP count).`,
    );
  } finally {
    await cleanup();
  }
}

/** #52's target: a change in GET /events and every delta walk within 2 s of its commit (p99). */
const FRESHNESS_TARGET_MS = 2_000;
/** The request log's promise on the local stack (docs/api.md; on AWS 30 s, argued there). */
const REQUEST_LOG_DELAY_TARGET_MS = 10_000;
/**
 * One event to a space's most connections (100): two conditional writes each, in the space's one
 * partition, which DynamoDB holds to 1,000 write units a second: 0.2 s is what AWS itself would take,
 * and 1 s leaves the local stack its slower writes.
 */
const STREAM_FAN_OUT_TARGET_MS = 1_000;
/** A listener held for a month should cost cents, not the long-poll's dollars. */
const STREAM_LISTENER_MONTH_TARGET = 0.05;

async function freshnessSection(endpoint: string, tableName: string) {
  log('timing how soon each reader sees a change (default settings, about a minute)');
  // What the figures were measured on: a busy machine's lags are longer (docs/sync.md says by how much).
  const [loadBefore = 0] = loadavg();
  const { channels, idle } = await measureFreshness(endpoint, tableName);
  const [loadAfter = 0] = loadavg();
  const cost = await measureSequencingCost(endpoint, tableName);
  const seconds = (ms: number) => (Number.isNaN(ms) ? 'not seen' : `${(ms / 1000).toFixed(1)} s`);
  const p99 = (lags: number[]) => (lags.some(Number.isNaN) ? Number.NaN : quantile(lags, 0.99));
  const requestLog = channels.find((channel) => channel.channel === 'GET /requests');
  const polled = channels.filter(
    (channel) =>
      !channel.channel.startsWith('webhook') &&
      !channel.channel.startsWith('event stream') &&
      channel !== requestLog,
  );
  const stream = channels.find((channel) => channel.channel.startsWith('event stream'));
  check(
    stream !== undefined && p99(stream.lagsMs) <= FRESHNESS_TARGET_MS,
    `an event reaches a subscribed event stream connection within ${FRESHNESS_TARGET_MS / 1000} s of its commit, ${stream?.lagsMs.length ?? 0} times in a row (slowest ${seconds(stream ? p99(stream.lagsMs) : Number.NaN)})`,
  );
  const worst = Math.max(...polled.map((channel) => p99(channel.lagsMs)));
  const probes = channels[0]?.lagsMs.length ?? 0;
  check(
    worst <= FRESHNESS_TARGET_MS,
    `a change is in GET /events and every delta walk within ${FRESHNESS_TARGET_MS / 1000} s of its commit, ${probes} times in a row (slowest ${seconds(worst)})`,
  );
  check(
    requestLog !== undefined && p99(requestLog.lagsMs) <= REQUEST_LOG_DELAY_TARGET_MS,
    `a request is in GET /requests within ${REQUEST_LOG_DELAY_TARGET_MS / 1000} s of its answer on the local stack, ${requestLog?.lagsMs.length ?? 0} times in a row (slowest ${seconds(requestLog ? p99(requestLog.lagsMs) : Number.NaN)})`,
  );
  check(
    Math.abs(idle.tookMs - idle.askedMs) <= 1_000,
    `an idle GET /events?wait=${idle.askedMs / 1000} waits about that long (${seconds(idle.tookMs)})`,
  );
  // On-demand list prices (us-east-1): $0.625 a million write request units, $0.125 a million reads.
  const perMillion = (wcu: number, rcu: number) => `$${(wcu * 0.625 + rcu * 0.125).toFixed(2)}`;
  sections.push(
    '## How soon a change is seen',
    `On the local stack as \`npm start\` runs it (DynamoDB Local with its stream, the local gateway, the webhook pipeline), with the service's default settings, on ${cpus().length} cores at a load average of ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after (the bench alone: a machine busy with other work sees longer lags): ${probes} probes a second apart, each a JD created through the API, then a resume and an application to it through the product feed. Lag = from the write's answer (its commit is before it) to the first sight: the JD's for the webhook, GET /events and the JD walk, the resume's for the resume walk, the application's for the applications and candidates walks.`,
    table(
      ['reader', 'how', 'p50', `p99 (of ${probes}: the slowest)`],
      channels.map((channel) => [
        channel.channel,
        channel.how,
        seconds(
          quantile(
            channel.lagsMs.filter((lag) => !Number.isNaN(lag)),
            0.5,
          ),
        ),
        seconds(p99(channel.lagsMs)),
      ]),
    ),
    `An idle \`GET /events?wait=${idle.askedMs / 1000}\` answered its empty page after ${seconds(idle.tookMs)}.`,
    '### What the ordered log costs',
    "Each change's write puts a pending entry in its own transaction (where it put the event before: no change there); the sequencer then puts the event, deletes the entry and moves the head, in one transaction for up to 49 entries. Readers and the stream's sequencer first read the head and what is pending: one strongly consistent Query. Writes as DynamoDB bills transactions, 2 WCU per KB of each item (DynamoDB Local reports less for transactions: its figure in brackets); the read as Local reports it.",
    table(
      ['what', 'capacity', 'per million changes'],
      [
        [
          "the pending entry, in the write's transaction",
          `${cost.entryWcu} WCU (Local: ${cost.localWcu.entry})`,
          perMillion(cost.entryWcu, 0),
        ],
        [
          'its place, given alone',
          `${cost.aloneWcu} WCU (Local: ${cost.localWcu.alone})`,
          perMillion(cost.aloneWcu, 0),
        ],
        [
          'its place, given in a batch of 11',
          `${cost.batchedWcu.toFixed(1)} WCU (Local: ${cost.localWcu.batched.toFixed(1)})`,
          perMillion(cost.batchedWcu, 0),
        ],
        [
          "the sequencer's read, per stream batch and per read of the log",
          `${cost.readRcu} RCU`,
          perMillion(0, cost.readRcu),
        ],
      ],
    ),
  );
}

async function consoleSection(endpoint: string, tableName: string) {
  log('loading the developer console in Chromium');
  const load = await measureConsole(endpoint, tableName);
  const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  check(
    load.scriptGzipBytes <= CONSOLE_SCRIPT_BUDGET_BYTES,
    `the console's first load is at most ${kilobytes(CONSOLE_SCRIPT_BUDGET_BYTES)} of compressed script (${kilobytes(load.scriptGzipBytes)})`,
  );
  sections.push(
    '## The developer console',
    `Its first load, as the local gateway serves it (the edge serves the same files): the page, one stylesheet and one script, content-hashed. Time until usable: from opening a sign-in link in a new browser context (nothing cached) until the Overview shows its figures (the link spent, the session opened, GET /whoami, GET /keys/{keyId} and GET /webhooks answered), in Debian's Chromium on the local stack, ${load.usableMs.length} times.`,
    table(
      ['what', 'measured'],
      [
        ['script, gzip (what is sent)', kilobytes(load.scriptGzipBytes)],
        ['script, minified', kilobytes(load.scriptBytes)],
        ['time until usable, median', `${quantile(load.usableMs, 0.5).toFixed(0)} ms`],
        ['time until usable, slowest', `${Math.max(...load.usableMs).toFixed(0)} ms`],
        [
          'API requests of the page until usable (the session’s opening among them)',
          String(load.apiRequests),
        ],
      ],
    ),
  );
  const serving = consoleServingPerMillion(load);
  const servingTotal = serving.reduce((sum, [, cost]) => sum + cost, 0);
  const sessionWrites = load.apiRequests * PRICES.dynamoWritePerMillion;
  sections.push(
    `### A first visit, per million: **$${servingTotal.toFixed(2)}** at the edge, plus its ${load.apiRequests} API requests`,
    `On the list prices of "What a stage costs" (us-east-1). The page and its assets from the edge; its API requests each cost what "A million authenticated GETs" says a request does, plus one write of the session's (it is marked seen, $${sessionWrites.toFixed(2)} a million visits for the ${load.apiRequests}). The link is made before, by the key (a request and a write); its exchange is the page's first request: it spends the link (a write), reads the key's record and writes the session. A later visit in the same browser reads the page alone from the edge (the assets are cached for a year) and makes the page's calls; moving between pages loads nothing but their calls.`,
    table(
      ['what', 'a million first visits'],
      serving.map(([what, cost]) => [what, `$${cost.toFixed(3)}`]),
    ),
  );
}

async function bundleSection() {
  log('synthesizing the CDK app for its bundles');
  const [bundles, floor] = await Promise.all([cdkBundles(), floorBundle()]);
  log(`cold-loading ${bundles.length + 1} bundles × ${COLD_ROUNDS}`);
  const loads = await coldLoads([floor, ...bundles], COLD_ROUNDS);
  const loadOf = (bundle: { name: string }) =>
    loads.get(bundle.name) as { median: number; p25: number; p75: number };
  const floorLoad = loadOf(floor).median;
  const rows = [floor, ...bundles].map((bundle) => [
    bundle.name,
    kb(bundle.bytes),
    kb(bundle.gzipBytes),
    ratio(bundle.bytes, floor.bytes),
    `${loadOf(bundle).median.toFixed(1)} ms`,
    `${loadOf(bundle).p25.toFixed(1)}–${loadOf(bundle).p75.toFixed(1)} ms`,
    ratio(loadOf(bundle).median, floorLoad),
  ]);
  sections.push(
    '## Bundles and cold load',
    `Each function as \`cdk synth\` bundles it, next to the floor: a function that only sends one DocumentClient GetCommand, bundled with the same esbuild options. Load = time to \`require\` the bundle in a fresh Node ${process.version} process, median and quartiles of ${COLD_ROUNDS} rounds (interleaved).`,
    table(
      [
        'function',
        'minified',
        'gzip',
        'size vs floor',
        'load (median)',
        'load (quartiles)',
        'load vs floor',
      ],
      rows,
    ),
    '![bundle sizes](benchmarks/bundles.svg)',
  );
  const worstSize = Math.max(...bundles.map((b) => b.bytes / floor.bytes));
  const largest = Math.max(...bundles.map((b) => b.bytes));
  const worstLoad = Math.max(...bundles.map((b) => loadOf(b).median / floorLoad));
  check(
    worstSize <= 1.25,
    `every bundle ≤ 1.25× the floor (largest ratio ${worstSize.toFixed(2)}×)`,
  );
  check(largest <= 400 * 1024, `every bundle ≤ 400 KB (largest ${kb(largest)})`);
  check(worstLoad <= 1.15, `cold load ≤ 1.15× the floor (largest ratio ${worstLoad.toFixed(2)}×)`);
  writeChart(
    [floor, ...bundles].map((b) => ({ label: b.name, value: b.bytes / 1024 })),
    floor.bytes / 1024,
  );
}

function writeChart(bars: { label: string; value: number }[], floor: number) {
  const width = 760;
  const rowHeight = 24;
  const left = 190;
  const max = Math.max(...bars.map((bar) => bar.value), 420);
  const x = (value: number) => left + (value / max) * (width - left - 70);
  const rows = bars
    .map((bar, i) => {
      const y = 30 + i * rowHeight;
      const color =
        bar.value > floor * 1.25 || bar.value > 400 ? '#c0392b' : i === 0 ? '#7f8c8d' : '#2e86c1';
      return `<text x="${left - 8}" y="${y + 15}" text-anchor="end" font-size="12">${bar.label}</text><rect x="${left}" y="${y}" width="${x(bar.value) - left}" height="18" fill="${color}"/><text x="${x(bar.value) + 4}" y="${y + 14}" font-size="11">${bar.value.toFixed(0)} KB</text>`;
    })
    .join('\n');
  const limitLine = (value: number, label: string) =>
    `<line x1="${x(value)}" y1="20" x2="${x(value)}" y2="${34 + bars.length * rowHeight}" stroke="#e67e22" stroke-dasharray="4"/><text x="${x(value) + 2}" y="16" font-size="11" fill="#e67e22">${label}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${50 + bars.length * rowHeight}" font-family="sans-serif"><rect width="100%" height="100%" fill="white"/>${rows}${limitLine(floor * 1.25, '1.25× floor')}${limitLine(400, '400 KB')}</svg>`;
  mkdirSync(join(DOCS, 'benchmarks'), { recursive: true });
  writeFileSync(join(DOCS, 'benchmarks', 'bundles.svg'), svg);
}

async function warmSection() {
  log(`warm overhead: ${WARM_INVOCATIONS} invocations per function`);
  const results = await warmOverhead(WARM_INVOCATIONS);
  sections.push(
    '## Warm overhead',
    `CPU time (user + system) per warm invocation, every DynamoDB call answered in-process at zero latency (aws-sdk-client-mock), median of ${WARM_INVOCATIONS} invocations after 100 warm-ups.`,
    table(
      ['function', 'CPU per invocation (median)'],
      [
        ...[...results].map(([name, ms]) => [name, `${(ms * 1000).toFixed(0)} µs`]),
        ...Object.entries(NOT_MEASURED_WARM).map(([name, why]) => [name, `not measured: ${why}`]),
      ],
    ),
  );
  const worst = Math.max(...results.values());
  check(worst < 1, `warm overhead under 1 ms (largest ${(worst * 1000).toFixed(0)} µs)`);
}

type Scenario = {
  name: string;
  method?: string;
  path: string | (() => Promise<string | undefined>);
  body?: unknown;
  /** sent with the request (If-None-Match), computed before it */
  headers?: () => Promise<Record<string, string>>;
};

/** Where a first sync starts: every change the tenant's lists hold. */
const EPOCH = '1970-01-01T00:00:00Z';

/** What a request consumed: RCU, WCU, or both (a 304 reads, then gives the quota unit back). */
const capacityOf = (work: Work) =>
  [work.rcu ? `${work.rcu} RCU` : '', work.wcu ? `${work.wcu} WCU` : '']
    .filter(Boolean)
    .join(' + ') || '0 RCU';

async function capacitySection(endpoint: string, tableName: string) {
  const recorder = recordingDb(endpoint, tableName);
  const byTier = new Map<number, Map<string, Work>>();
  const authorizer = new Map<number, Work>();
  for (const size of TIERS) {
    const tenantId = liveSpaceOf(`bench-${size}`);
    log(`seeding ${tenantId}: 1,000 JDs, ${size} resumes and applications`);
    const started = Date.now();
    const { key } = await seedTenant(recorder.db, tenantId, size);
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const context = fullAccessContext(tenantId, 'bench');
    const cursorAt = (path: string, page: number) => async () => {
      const separator = path.includes('?') ? '&' : '?';
      const { json } = await measureRoute(
        recorder,
        context,
        'GET',
        `${path}${separator}page=${page - 1}`,
      );
      const cursor = (json.pagination as { nextCursor?: string } | undefined)?.nextCursor;
      // A list shorter than `page` pages has no cursor to that depth: the scenario does not apply.
      return cursor ? `${path}${separator}cursor=${cursor}` : undefined;
    };
    const scenarios: Scenario[] = [
      { name: 'GET /jds page 1', path: '/jds?page=1' },
      { name: 'GET /jds page 50', path: '/jds?page=50' },
      { name: 'GET /jds cursor → page 50', path: cursorAt('/jds', 50) },
      { name: 'GET /jds?status=PUBLISHED page 1', path: '/jds?status=PUBLISHED&page=1' },
      { name: 'GET /jds?status=PUBLISHED page 12', path: '/jds?status=PUBLISHED&page=12' },
      { name: 'GET /jds/:id (1,000 applications)', path: `/jds/${BIG_JD}` },
      { name: 'GET /jds/:id (few applications)', path: '/jds/jd-0501' },
      { name: 'GET /resumes page 1', path: '/resumes?page=1' },
      { name: 'GET /resumes page 50', path: '/resumes?page=50' },
      { name: 'GET /resumes cursor → page 50', path: cursorAt('/resumes', 50) },
      { name: 'GET /resumes/:id', path: '/resumes/r-000005' },
      {
        name: 'GET /resumes/:id, If-None-Match its ETag → 304',
        path: '/resumes/r-000005',
        // The key's hour is open (its authorizer ran), so the 304 gives its unit back.
        headers: async () => {
          await authenticate(recorder.db, hashApiKey(key), 1000, new Date());
          const read = await measureRoute(recorder, context, 'GET', '/resumes/r-000005');
          return { 'if-none-match': read.headers.ETag as string, 'x-api-key': key };
        },
      },
      { name: 'GET /matches/:jdId (1,000 applications)', path: `/matches/${BIG_JD}` },
      { name: 'GET /candidates page 1', path: '/candidates?page=1' },
      { name: 'GET /candidates page 50', path: '/candidates?page=50' },
      { name: 'GET /candidates cursor → page 50', path: cursorAt('/candidates', 50) },
      { name: 'GET /candidates?search= (few hits)', path: `/candidates?search=${RARE_FILE_NAME}` },
      { name: 'GET /candidates?search= (many hits)', path: '/candidates?search=candidate' },
      { name: 'GET /candidates?email=', path: '/candidates?email=Candidate000005%40example.com' },
      { name: 'GET /applications page 1', path: '/applications?limit=20' },
      { name: 'GET /applications?jdId= page 1', path: `/applications?jdId=${BIG_JD}&limit=20` },
      {
        name: 'GET /applications?status= (no match: one read budget)',
        path: '/applications?status=HIRED&limit=20',
      },
      { name: 'GET /jds delta (a first sync, page 1)', path: `/jds?updatedSince=${EPOCH}` },
      { name: 'GET /resumes delta (a first sync, page 1)', path: `/resumes?updatedSince=${EPOCH}` },
      {
        name: 'GET /applications delta (a first sync, page 1)',
        path: `/applications?updatedSince=${EPOCH}`,
      },
      {
        name: 'GET /candidates delta (a first sync, page 1)',
        path: `/candidates?updatedSince=${EPOCH}`,
      },
      {
        name: 'POST /jds',
        method: 'POST',
        path: '/jds',
        body: { title: 'Bench', description: 'x'.repeat(2000), createdById: 'b' },
      },
      { name: 'GET /keys', path: '/keys' },
      { name: 'GET /whoami', path: '/whoami' },
    ];
    const results = new Map<string, Work>();
    for (const scenario of scenarios) {
      const path = typeof scenario.path === 'string' ? scenario.path : await scenario.path();
      if (path === undefined) continue;
      const headers = scenario.headers ? await scenario.headers() : {};
      const started = Date.now();
      const { work } = await measureRoute(
        recorder,
        context,
        scenario.method ?? 'GET',
        path,
        scenario.body,
        headers,
      );
      log(
        `  ${scenario.name}: ${work.calls} calls, ${work.rcu || work.wcu} CU, ${Date.now() - started} ms on DynamoDB Local`,
      );
      const expected = headers['if-none-match'] ? 304 : undefined;
      if (expected ? work.status !== expected : work.status >= 300)
        throw new Error(`${scenario.name} answered ${work.status}`);
      results.set(scenario.name, work);
    }
    byTier.set(size, results);
    authorizer.set(size, await measureAuthorizer(recorder, key));
  }
  setSharedDb(undefined);

  const names = [...(byTier.get(TIERS[0] as number)?.keys() ?? [])];
  const cell = (work: Work | undefined) =>
    work
      ? `${work.calls} (${work.sequential} seq) · ${capacityOf(work)}${work.wcu ? '' : ` · ${(work.rcu / work.idealRcu).toFixed(1)}× ideal`}`
      : '—';
  sections.push(
    '## DynamoDB work per request',
    'Against DynamoDB Local with `ReturnConsumedCapacity: TOTAL` on every call. Each tenant has 1,000 JDs and N resumes with N applications (the first 1,000 on one JD); page size 20. A cell reads: calls (longest chain in sequence) · consumed capacity · ratio to the ideal, the eventually consistent RCU needed to read just the bytes of the returned `data`.',
    table(
      ['request', ...TIERS.map((size) => `N = ${size.toLocaleString('en')}`)],
      names.map((name) => [name, ...TIERS.map((size) => cell(byTier.get(size)?.get(name)))]),
    ),
    '### Authorizer (every authenticated request)',
    table(
      ['', ...TIERS.map((size) => `N = ${size.toLocaleString('en')}`)],
      [
        [
          'calls (in sequence)',
          ...TIERS.map(
            (size) => `${authorizer.get(size)?.calls} (${authorizer.get(size)?.sequential})`,
          ),
        ],
        ['WCU', ...TIERS.map((size) => String(authorizer.get(size)?.wcu))],
      ],
    ),
  );

  const get = (size: number, name: string) => byTier.get(size)?.get(name) as Work;
  const all = [...byTier.values()].flatMap((m) => [...m.entries()]);
  // A 304 gives the quota unit back after its read: checked on its own below.
  const single = all
    .filter(([name]) => /:id|:jdId/.test(name) && !name.includes('304'))
    .map(([, work]) => work);
  check(
    single.every((w) => w.calls <= 2 && w.sequential === 1),
    `single-resource reads: at most 2 calls, in parallel (worst ${Math.max(...single.map((w) => w.calls))} calls, ${Math.max(...single.map((w) => w.sequential))} in sequence)`,
  );
  const revalidated = TIERS.map((size) =>
    get(size, 'GET /resumes/:id, If-None-Match its ETag → 304'),
  );
  check(
    revalidated.every(
      (w, i) =>
        w.calls === 2 && w.wcu === 1 && w.rcu === get(TIERS[i] as number, 'GET /resumes/:id').rcu,
    ),
    `a 304 costs its read and one conditional write that gives the quota unit back (${revalidated.map(capacityOf).join(' / ')})`,
  );
  for (const list of ['GET /jds', 'GET /resumes', 'GET /candidates']) {
    const page1 = TIERS.map((size) => get(size, `${list} page 1`).rcu);
    check(
      Math.max(...page1) === Math.min(...page1),
      `${list} page 1 flat across tenant sizes (${page1.join(' / ')} RCU)`,
    );
    const deep = TIERS.filter((size) => size >= 1000 || list === 'GET /jds').map(
      (size) => get(size, `${list} page 50`).rcu / get(size, `${list} page 1`).rcu,
    );
    check(
      deep.every((r) => r <= 10),
      `${list} page 50 ≤ 10× page 1 (${deep.map((r) => `${r.toFixed(1)}×`).join(' / ')})`,
    );
    const cursor = TIERS.filter((size) => byTier.get(size)?.has(`${list} cursor → page 50`)).map(
      (size) => get(size, `${list} cursor → page 50`).rcu,
    );
    check(
      cursor.every((rcu) => rcu <= get(TIERS[0] as number, `${list} page 1`).rcu),
      `${list} cursor pages flat at any depth (${cursor.join(' / ')} RCU)`,
    );
  }
  searchSummary(byTier);
  const singleCost = single.map((w) => w.rcu / w.idealRcu);
  const worstSingle = all
    .filter(([name]) => /:id|:jdId/.test(name) && !name.includes('304'))
    .sort(([, a], [, b]) => b.rcu / b.idealRcu - a.rcu / a.idealRcu)[0];
  check(
    Math.max(...singleCost) <= 2,
    `single-resource reads ≤ 2× the ideal RCU (worst ${Math.max(...singleCost).toFixed(1)}×, ${worstSingle?.[0]}: see "GET /jds/:id" below)`,
  );
  const auth = [...authorizer.values()];
  check(
    auth.every((w) => w.calls === 2 && w.sequential === 1 && w.wcu === 2),
    `authorizer: key check + quota in 1 write (1 WCU), per-IP count in 1 more, in parallel (${auth[0]?.calls} calls, ${auth[0]?.sequential} in sequence, ${auth[0]?.wcu} WCU)`,
  );
}

/** One Query page on DynamoDB: 1 MB read = 256 × 4 KB = 128 RCU, eventually consistent. */
const RCU_PER_PAGE = 128;

/**
 * Candidate search at every tier, with the calls in sequence DynamoDB itself would need: DynamoDB Local
 * ends a page after 1 MB of the items the filter keeps (DynamoDB: after 1 MB read, whatever the filter
 * keeps), so its chains are long for many hits and short for few. On DynamoDB a plain walk is one page
 * per 128 RCU read, in sequence; queryTimeRange reads ceil(N / ENTRIES_PER_PAGE) ranges in parallel.
 */
function searchSummary(byTier: Map<number, Map<string, Work>>) {
  const rows: string[][] = [];
  const ranged: number[] = [];
  const perThousand: number[] = [];
  for (const size of TIERS) {
    for (const hits of ['few', 'many'] as const) {
      const work = byTier.get(size)?.get(`GET /candidates?search= (${hits} hits)`);
      if (!work) continue;
      // queryTimeRange: the newest page (with the count and the oldest entry) → the rest in parallel ranges → BatchGet.
      const rest = Math.max(0, size - ENTRIES_PER_PAGE);
      const ranges = Math.max(1, Math.min(32, Math.ceil(rest / ENTRIES_PER_PAGE)));
      const plainPages = Math.ceil(work.rcu / RCU_PER_PAGE);
      const rangedDepth =
        rest === 0 ? 2 : 1 + Math.ceil((work.rcu * (rest / size)) / ranges / RCU_PER_PAGE) + 1;
      ranged.push(rangedDepth);
      if (size >= 10_000) perThousand.push((work.rcu / size) * 1000);
      rows.push([
        size.toLocaleString('en'),
        hits,
        `${work.calls} (${work.sequential} seq)`,
        `${work.rcu} RCU`,
        `${((work.rcu / size) * 1000).toFixed(1)} RCU`,
        rest === 0
          ? `${rangedDepth} (one page)`
          : `${rangedDepth} (then ${ranges} ${ranges === 1 ? 'range' : 'ranges'} in parallel)`,
        `${plainPages + 1}`,
      ]);
    }
  }
  sections.push(
    '### Candidate search',
    `\`GET /candidates?search=\` reads every slim resume entry (a substring match no index answers) in parallel time ranges (lib/db/time-range-query.ts: the newest ${ENTRIES_PER_PAGE.toLocaleString('en')} entries while the count and the oldest entry are read, then the rest in ⌈rest / ${ENTRIES_PER_PAGE.toLocaleString('en')}⌉ time ranges, at most ${MAX_PARALLEL_READS} in flight, a range cut again where a page ends), then BatchGets the page's resumes. "On DynamoDB" estimates the calls in sequence there from the RCU read (one page per ${RCU_PER_PAGE} RCU), for this design and for a plain walk of the same entries.`,
    table(
      [
        'resumes',
        'hits',
        'calls on Local (in sequence)',
        'RCU',
        'RCU per 1,000 resumes',
        'on DynamoDB: calls in sequence',
        'plain walk on DynamoDB',
      ],
      rows,
    ),
  );
  check(
    ranged.every((depth) => depth <= 3),
    `candidate search: at most 3 calls in sequence on DynamoDB at every tenant size (${ranged.join(' / ')}, estimated from the RCU read)`,
  );
  check(
    perThousand.length === 0 || Math.max(...perThousand) <= 1.2 * Math.min(...perThousand),
    `candidate search: cost proportional to the entries read (${perThousand.map((r) => r.toFixed(1)).join(' / ')} RCU per 1,000 resumes)`,
  );
}

const IMPORT_SEQUENTIAL = Number(process.env.BENCH_IMPORT_SEQUENTIAL ?? 1500);
const IMPORT_CONCURRENT = Number(process.env.BENCH_IMPORT_CONCURRENT ?? 6000);
/** A round trip to DynamoDB from a machine near its region, added to every call in the "as against AWS" runs. */
const MODELED_ROUND_TRIP_MS = 10;

type ImportRun = { label: string; size: number; seconds: number; exact: boolean };

async function timedImport(
  db: Db,
  tenantId: SpaceId,
  size: number,
  concurrency: number,
  label: string,
): Promise<ImportRun> {
  const data = importSample(size);
  log(`importing ${size} entities, ${label}`);
  const started = performance.now();
  const counts = await importProductData(db, tenantId, data, { concurrency });
  const seconds = (performance.now() - started) / 1000;
  const [jds, resumes] = await Promise.all([
    readCount(db, tenantId, 'JD'),
    readCount(db, tenantId, 'RESUME'),
  ]);
  const exact =
    !counts.rejected &&
    jds === data.jds?.length &&
    resumes === data.resumes?.length &&
    counts.applications.created === data.applications?.length;
  return { label, size, seconds, exact };
}

/** A Db whose every call first waits `ms`: DynamoDB's network round trip, which DynamoDB Local has not. */
function withRoundTrip(db: Db, ms: number): Db {
  db.client.middlewareStack.add(
    (next) => async (args) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return next(args);
    },
    { step: 'finalizeRequest', name: 'modeledRoundTrip' },
  );
  return db;
}

/**
 * The import (events applied by the consumer's code under its IAM), one at a time and DELIVERY_CONCURRENCY
 * at a time: on DynamoDB Local as it is, then with a modeled network round trip per call.
 */
async function importSection(endpoint: string, tableName: string) {
  const local = await withDeployedPermissions(createDb({ endpoint, tableName }));
  const remote = await withDeployedPermissions(
    withRoundTrip(createDb({ endpoint, tableName }), MODELED_ROUND_TRIP_MS),
  );
  // Warm both JITs (DynamoDB Local's and Node's) first, so neither run pays for them.
  await importProductData(local, liveSpaceOf('bench-import-warm-up'), importSample(1000), {
    concurrency: 8,
  });
  const concurrently = `${DELIVERY_CONCURRENCY} at a time (the default)`;
  const pairs = [
    { db: local, where: 'DynamoDB Local', sequentialSize: IMPORT_SEQUENTIAL },
    {
      db: remote,
      where: `DynamoDB Local + ${MODELED_ROUND_TRIP_MS} ms per call`,
      sequentialSize: Math.round(IMPORT_SEQUENTIAL / 3),
    },
  ].map((pair, i) => ({ ...pair, tenant: `bench-import-${i}` }));
  const results: { where: string; sequential: ImportRun; concurrent: ImportRun }[] = [];
  for (const { db, where, sequentialSize, tenant } of pairs) {
    const sequential = await timedImport(
      db,
      liveSpaceOf(`${tenant}-1`),
      sequentialSize,
      1,
      `one event at a time, ${where}`,
    );
    const concurrent = await timedImport(
      db,
      liveSpaceOf(`${tenant}-n`),
      IMPORT_CONCURRENT,
      DELIVERY_CONCURRENCY,
      `${concurrently}, ${where}`,
    );
    results.push({ where, sequential, concurrent });
  }
  const rate = (run: ImportRun) => run.size / run.seconds;
  const [raw, modeled] = results as [(typeof results)[number], (typeof results)[number]];
  const minutes = (run: ImportRun) => (205_000 / rate(run) / 60).toFixed(0);
  sections.push(
    '## Import throughput',
    `\`npm run admin -- import\` as it runs: each entity an \`*.upserted\` event applied by the consumer's code under its IAM policies. A sample of one JD per 20 resumes and one application per resume. Concurrent events' calls leave as they come, as the consumer's do in Lambda (see the notes below on group commit, deleted). Twice: on DynamoDB Local as it is, where every call costs CPU on the same ${cpus().length} cores as Node and nothing waits on a network, and with ${MODELED_ROUND_TRIP_MS} ms added to each call, the round trip to DynamoDB from a machine near its region, which is what one-at-a-time waits on in production.`,
    table(
      ['run', 'entities', 'seconds', 'entities/s', 'vs one at a time', 'totals exact'],
      results.flatMap(({ sequential, concurrent }) =>
        [sequential, concurrent].map((run) => [
          run.label,
          run.size.toLocaleString('en'),
          run.seconds.toFixed(1),
          rate(run).toFixed(0),
          `${(rate(run) / rate(sequential)).toFixed(1)}×`,
          run.exact ? 'yes' : 'NO',
        ]),
      ),
    ),
    `A tenant of 100,000 resumes, 100,000 applications and 5,000 JDs: about ${minutes(raw.concurrent)} minutes on DynamoDB Local (${minutes(raw.sequential)} one at a time), about ${minutes(modeled.concurrent)} minutes with the round trip (${minutes(modeled.sequential)} one at a time).`,
  );
  for (const { where, sequential, concurrent } of results) {
    const speedup = rate(concurrent) / rate(sequential);
    check(
      speedup >= 5 && sequential.exact && concurrent.exact,
      `import on ${where}: ${DELIVERY_CONCURRENCY} at a time ≥ 5× one at a time, totals exact (${speedup.toFixed(1)}×: ${rate(concurrent).toFixed(0)} vs ${rate(sequential).toFixed(0)} entities/s)`,
    );
  }
}

async function throughputSection() {
  log('local throughput');
  const local = await startDynamoDbLocal();
  try {
    await ensureTable(local.endpoint, 'bench-throughput', { stream: false });
    process.env.DYNAMODB_ENDPOINT = local.endpoint;
    process.env.TABLE_NAME = 'bench-throughput';
    process.env.API_RATE_LIMIT_MAX = '1000000';
    const recorder = recordingDb(local.endpoint, 'bench-throughput');
    const { key } = await seedTenant(recorder.db, liveSpaceOf('bench-load'), 100, 50);
    await (
      await import('../../lib/keys/store.js')
    ).setTenantHourlyLimit(recorder.db, 'bench-load', 1_000_000);
    setSharedDb(recorder.db);
    const gateway = await startGateway(0);
    const result = await autocannon({
      url: `${gateway.url}/jds`,
      connections: 10,
      duration: 10,
      headers: { 'x-api-key': key },
    });
    // Let requests autocannon abandoned at the deadline finish before DynamoDB Local stops.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await gateway.close();
    sections.push(
      '## Local throughput (sanity figure)',
      `autocannon, 10 connections for 10 s against the local gateway (\`GET /jds\`: authorizer + function, both calling DynamoDB Local), on ${cpus().length} cores. Not a production figure: DynamoDB Local is far slower than DynamoDB.`,
      table(
        ['requests/s (mean)', 'latency p50', 'latency p99', 'non-2xx'],
        [
          [
            result.requests.average.toFixed(0),
            `${result.latency.p50} ms`,
            `${result.latency.p99} ms`,
            result.non2xx,
          ],
        ],
      ),
    );
  } finally {
    setSharedDb(undefined);
    await local.stop();
  }
}

/**
 * The event stream at scale, within its ceilings: a thousand local connections, a hundred in each of
 * ten spaces, one fan-out to a space's hundred and one to a lone listener, and a listener's month.
 */
async function streamSection(endpoint: string, tableName: string) {
  log(
    `opening ${CONNECTIONS.toLocaleString('en')} event stream connections on the local stack (${SPACES} spaces at their ceiling)`,
  );
  const scale = await measureStreamScale(endpoint, tableName);
  const perSpace = scale.connections / scale.spaces;
  const idle = streamListenerMonth(scale.alone, 0);
  const alone = streamListenerMonth(scale.alone, 100);
  const shared = streamListenerMonth(scale.perDelivery, 100);
  const dollars = (value: number) => `$${value.toFixed(3)}`;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const units = (delivery: typeof scale.alone) =>
    `${delivery.wcu.toFixed(1)} WCU, ${delivery.rcu.toFixed(1)} RCU in ${delivery.calls.toFixed(1)} calls`;
  check(
    scale.pastCeilingStatus === 409,
    `the upgrade one past a space's ${perSpace} connections is refused with 409 (${scale.pastCeilingStatus})`,
  );
  check(
    scale.receivedMs.p99 <= STREAM_FAN_OUT_TARGET_MS,
    `one event reaches a space's ${perSpace} subscribed connections within ${STREAM_FAN_OUT_TARGET_MS / 1000} s of the dispatcher's fan-out (their two writes each in one partition: what DynamoDB's 1,000 a second per partition allows): slowest ${(scale.receivedMs.p99 / 1000).toFixed(2)} s`,
  );
  check(
    idle.total <= STREAM_LISTENER_MONTH_TARGET,
    `a listener on the event stream, idle for a month: ≤ $${STREAM_LISTENER_MONTH_TARGET.toFixed(2)} (${dollars(idle.total)})`,
  );
  sections.push(
    '## The event stream',
    `${scale.connections.toLocaleString('en')} WebSockets opened on the local stack (the local gateway, the real authorizer and stream function on each upgrade): ${scale.spaces} spaces with ${perSpace} each, the most a space holds, each space's through one read key, each connection subscribed to its space's log. The next upgrade in a full space was answered ${scale.pastCeilingStatus}. Then one event fanned out by the dispatcher's code, under its grants, to one space's ${perSpace}, and one to a lone listener in a space of its own. Opening and subscribing them took ${(scale.openMs / 1000).toFixed(1)} s.`,
    table(
      ['measure', 'value'],
      [
        // Resident memory says little inside a bench that has grown its heap before: the heap's growth is the measure.
        [
          'the JS heap, per connection (the local gateway’s socket, timers and context)',
          kb(scale.heapPerConnection),
        ],
        [
          `one fan-out to a space's ${perSpace}, from its call to its return`,
          `${scale.fanOutMs} ms`,
        ],
        [
          'from the fan-out’s call to a connection’s receipt: p50 / p99',
          `${scale.receivedMs.p50} ms / ${scale.receivedMs.p99} ms`,
        ],
        [
          `DynamoDB per event delivered to each of a space's ${perSpace} (its hold taken and let go; the page after their places, read once for the whole fan-out)`,
          units(scale.perDelivery),
        ],
        [
          'DynamoDB per event delivered to a lone listener (the same, the page read for it alone)',
          units(scale.alone),
        ],
        [
          `a fan-out that finds a space's ${perSpace} at the log’s head (no event new to them)`,
          `${scale.perIdleLook.wcu} WCU, ${scale.perIdleLook.rcu} RCU for all of them`,
        ],
      ],
    ),
    `### A listener on the stream, a month: **${dollars(idle.total)}** idle, **${dollars(alone.total)}** at 100 events an hour alone in its space, **${dollars(shared.total)}** as one of a space's ${perSpace}`,
    'On API Gateway’s list prices (us-east-1: $0.25 a million connection-minutes, $1.00 a million messages) and Lambda’s and DynamoDB’s as in "What a stage costs"; the DynamoDB units are the ones measured above. Nothing runs while it waits: compare the long-poll listener’s month in "What a stage costs".',
    table(
      ['what', 'idle', 'at 100 events an hour, alone', `at 100 events an hour, one of ${perSpace}`],
      alone.items.map(([what, value], n) => [
        what,
        idle.items[n] ? dollars(idle.items[n][1]) : '–',
        dollars(value),
        dollars(shared.items[n]?.[1] ?? Number.NaN),
      ]),
    ),
  );
}

/** What the tables cannot say by themselves: kept as Markdown next to this script, appended to docs/benchmarks.md. */
const NOTES = readFileSync(join(import.meta.dirname, 'notes.md'), 'utf8').trimEnd();

/** BENCH_SECTIONS=import,capacity… runs only those and prints the result instead of writing docs/. */
const ALL_SECTIONS = [
  'bundles',
  'warm',
  'capacity',
  'freshness',
  'import',
  'envelope',
  'batch',
  'dispatcher',
  'cost',
  'stream',
  'console',
  'throughput',
] as const;
const SELECTED = new Set(process.env.BENCH_SECTIONS?.split(',') ?? ALL_SECTIONS);

async function main() {
  const started = Date.now();
  if (SELECTED.has('bundles')) await bundleSection();
  if (SELECTED.has('warm')) await warmSection();
  if (
    SELECTED.has('capacity') ||
    SELECTED.has('freshness') ||
    SELECTED.has('import') ||
    SELECTED.has('envelope') ||
    SELECTED.has('batch') ||
    SELECTED.has('dispatcher') ||
    SELECTED.has('cost') ||
    SELECTED.has('stream') ||
    SELECTED.has('console')
  ) {
    const local = await startDynamoDbLocal({ maxHeap: process.env.BENCH_LOCAL_HEAP ?? '12g' });
    try {
      if (SELECTED.has('capacity')) {
        await ensureTable(local.endpoint, 'bench', { stream: false });
        await capacitySection(local.endpoint, 'bench');
      }
      if (SELECTED.has('freshness')) {
        await ensureTable(local.endpoint, 'bench-fresh', { stream: true });
        await freshnessSection(local.endpoint, 'bench-fresh');
      }
      if (SELECTED.has('import')) {
        await ensureTable(local.endpoint, 'bench-import', { stream: false });
        await importSection(local.endpoint, 'bench-import');
      }
      if (SELECTED.has('envelope')) {
        await ensureTable(local.endpoint, 'bench-envelope', { stream: false });
        const db = createDb({
          endpoint: local.endpoint,
          tableName: 'bench-envelope',
          timeouts: { connectionTimeoutMs: 5_000, requestTimeoutMs: 60_000 },
        });
        setSharedDb(db);
        sections.push(...envelopeSection(await measureEnvelope(db, log), check));
        setSharedDb(undefined);
      }
      if (SELECTED.has('batch')) {
        await ensureTable(local.endpoint, 'bench-batch', { stream: false });
        sections.push(
          ...batchSection(await measureBatches(local.endpoint, 'bench-batch', log), check),
        );
      }
      if (SELECTED.has('dispatcher')) {
        log('the webhook dispatcher draining a backlog of batches');
        await ensureTable(local.endpoint, 'bench-dispatch', { stream: true });
        sections.push(
          ...dispatcherSection(
            await measureDispatcher(local.endpoint, 'bench-dispatch', log),
            check,
          ),
        );
      }
      if (SELECTED.has('cost')) {
        await ensureTable(local.endpoint, 'bench-cost', { stream: false });
        await costSection(local.endpoint, 'bench-cost');
      }
      if (SELECTED.has('stream')) {
        await ensureTable(local.endpoint, 'bench-stream', { stream: false });
        await streamSection(local.endpoint, 'bench-stream');
      }
      if (SELECTED.has('console')) {
        await ensureTable(local.endpoint, 'bench-console', { stream: false });
        await consoleSection(local.endpoint, 'bench-console');
      }
    } finally {
      await local.stop();
    }
  }
  if (SELECTED.has('throughput')) await throughputSection();
  const markdown = [
    '# Benchmarks',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, in ${((Date.now() - started) / 1000).toFixed(0)} s. Shared machines are noisy: compare ratios within this run, not absolute times across runs.`,
    '## Targets',
    verdicts.join('\n'),
    ...sections,
    NOTES,
  ].join('\n\n');
  if (SELECTED.size < ALL_SECTIONS.length) {
    process.stdout.write(`${markdown}\n`);
    return;
  }
  writeFileSync(join(DOCS, 'benchmarks.md'), `${markdown}\n`);
  log(`wrote docs/benchmarks.md\n${verdicts.join('\n')}`);
}

await main();
