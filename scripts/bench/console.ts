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

/**
 * The console's first load: the script it sends (compressed, as the edge and the local gateway send
 * it), and how long from opening a sign-in link until the Overview is usable (its figures shown), in
 * Debian's Chromium on the local stack, on the demo tenant's data.
 */
export interface ConsoleLoad {
  scriptGzipBytes: number;
  scriptBytes: number;
  usableMs: number[];
}

const ROUNDS = 5;
const TENANT = 'bench-console';

export async function measureConsole(endpoint: string, tableName: string): Promise<ConsoleLoad> {
  const { assets } = buildConsole();
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
      const started = Date.now();
      await page.goto(data.url);
      await page.getByText('Last 24 hours').waitFor();
      usableMs.push(Date.now() - started);
      await context.close();
    }
    return {
      scriptGzipBytes: scripts.reduce((sum, bytes) => sum + gzipSync(bytes).length, 0),
      scriptBytes: scripts.reduce((sum, bytes) => sum + bytes.length, 0),
      usableMs,
    };
  } finally {
    await browser.close();
    await gateway.close();
    setSharedDb(undefined);
  }
}
