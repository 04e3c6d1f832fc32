import { gzipSync } from 'node:zlib';
import { createKey } from '../../lib/composition/keys.js';
import { createDb, setSharedDb } from '../../lib/db/client.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { demoData } from '../../lib/composition/test-mode/sample-data.js';
import { withDeployedPermissions } from '../local/aws.js';
import { startGateway } from '../local/gateway.js';
import { launchChromium } from '../local/chromium.js';
import { importProductData } from '../local/import.js';
import { buildConsole } from '../../infra/console.js';
import { PRICES } from './cost.js';

/**
 * What the edge's serving of a first visit costs, per million visits: three requests (the page, its
 * stylesheet, its script) through CloudFront and the WAF, the page's function on one, the page read
 * from the bucket each time (never cached) and the assets at most once an edge location a build (so
 * not counted), and the bytes out. The visit's API calls are requests as "What a request costs" prices
 * them, each with one more write (the session marked seen).
 */
export function consoleServingPerMillion(load: ConsoleLoad): [string, number][] {
  const requests = 3;
  return [
    ['CloudFront: 3 HTTPS requests', requests * PRICES.cloudFrontHttpsPerMillion],
    ['WAF: 3 requests inspected', requests * PRICES.wafPerMillion],
    ["CloudFront Function: the page's", PRICES.cloudFrontFunctionPerMillion],
    ['S3: the page read (GET)', PRICES.s3GetPerMillion],
    [
      `data out: ${(load.firstLoadGzipBytes / 1024).toFixed(1)} KB gzip'd`,
      ((load.firstLoadGzipBytes * 1e6) / 1024 ** 3) * PRICES.cloudFrontOutPerGb,
    ],
  ];
}

/**
 * The console's first load: the script it sends (compressed, as the edge and the local gateway send
 * it), and how long from opening a sign-in link until the Overview is usable (its figures shown), in
 * Debian's Chromium on the local stack, on the demo tenant's data.
 */
export interface ConsoleLoad {
  scriptGzipBytes: number;
  scriptBytes: number;
  /** the page, its stylesheet and its script, gzip'd: what a first visit receives from the edge */
  firstLoadGzipBytes: number;
  usableMs: number[];
  /** the API requests from opening the link until the Overview is usable (the sign-in's among them) */
  apiRequests: number;
}

const ROUNDS = 5;
const TENANT = 'bench-console';

export async function measureConsole(endpoint: string, tableName: string): Promise<ConsoleLoad> {
  const { page: html, assets } = buildConsole();
  const firstLoadGzipBytes = [Buffer.from(html), ...assets.values()].reduce(
    (sum, bytes) => sum + gzipSync(bytes).length,
    0,
  );
  const scripts = [...assets].filter(([name]) => name.endsWith('.js')).map(([, bytes]) => bytes);
  const db = await withDeployedPermissions(createDb({ endpoint, tableName }));
  setSharedDb(db);
  const gateway = await startGateway(0, '127.0.0.1');
  const browser = await launchChromium();
  try {
    await ensureTenant(db, liveSpaceOf(TENANT));
    await importProductData(db, liveSpaceOf(TENANT), demoData());
    const { key } = await createKey(db, TENANT, {
      name: 'console bench',
      scopes: ['read', 'admin'],
      createdBy: 'bench',
    });
    const usableMs: number[] = [];
    let apiRequests = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const made = await fetch(`${gateway.url}/console/links`, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: '{}',
      });
      const { data } = (await made.json()) as { data: { url: string } };
      // A new browser context each round: nothing cached, as a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      const calls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
      });
      const started = Date.now();
      await page.goto(data.url);
      await page.getByText('Last 24 hours').waitFor();
      usableMs.push(Date.now() - started);
      apiRequests = Math.max(apiRequests, calls.length);
      await context.close();
    }
    return {
      scriptGzipBytes: scripts.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0),
      scriptBytes: scripts.reduce((sum, bytes) => sum + bytes.length, 0),
      firstLoadGzipBytes,
      usableMs,
      apiRequests,
    };
  } finally {
    await browser.close();
    await gateway.close();
    setSharedDb(undefined);
  }
}
