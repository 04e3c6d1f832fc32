import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DeliveredEvent, HiringClient, verifyWebhook } from '../src/index.js';
import { listen, type ListenOptions, WEBHOOK_TIMEOUT_MS } from '../src/listen.js';
import { DELIVERY_TIMEOUT_MS } from '../../../lib/webhooks/deliver.js';
import { tenantWithKey } from '../../../test/helpers/api.js';
import { useLocalStack } from '../../../test/helpers/local-stack.js';
import { scoredSampleApplication } from '../../../test/helpers/product.js';
import { startReceiver, waitFor } from '../../../test/helpers/webhooks.js';

const { db, baseUrl } = useLocalStack();

const PACKAGE = join(import.meta.dirname, '..');

const scored = (id: string, overallScore: number) => scoredSampleApplication(id, overallScore);

/** A live admin key's tenant, and a test key made with it: the integrator's first minutes. */
async function sandbox() {
  const tenant = await tenantWithKey(db(), ['read', 'write', 'admin']);
  const live = new HiringClient({ baseUrl: baseUrl(), apiKey: tenant.key, retryBaseMs: 20 });
  const created = await live.keys.create({
    name: 'sandbox',
    scopes: ['read', 'write', 'admin'],
    mode: 'test',
  });
  const test = new HiringClient({
    baseUrl: baseUrl(),
    apiKey: created.data.key as string,
    retryBaseMs: 20,
  });
  return { tenant, live, test, testKey: created.data.key as string };
}

const newStateFile = () => join(mkdtempSync(join(tmpdir(), 'hiring-listen-')), 'state.json');

/** listen() in the background with short waits, as a test drives it; `started` once the key is checked. */
function startListening(
  options: Omit<ListenOptions, 'baseUrl' | 'stateFile'> & { stateFile?: string },
) {
  const stop = new AbortController();
  let onStart: (started: { secret: string; resumed: boolean }) => void = () => undefined;
  const started = new Promise<{ secret: string; resumed: boolean }>(
    (resolve) => (onStart = resolve),
  );
  const done = listen({
    baseUrl: baseUrl(),
    stateFile: newStateFile(),
    pollIntervalMs: 100,
    maxPollIntervalMs: 400,
    waitSeconds: 2,
    signal: stop.signal,
    onStart,
    ...options,
  });
  return {
    started,
    stop: async () => {
      stop.abort();
      await done;
    },
  };
}

const scoredEvents = (received: { body: string }[]) =>
  received
    .map((request) => JSON.parse(request.body) as DeliveredEvent)
    .filter((event) => event.type === 'application.scored');

describe('test mode from the client: simulated events, webhooks and `hiring listen`', () => {
  it('delivers a simulated score to the test space’s webhook and to listen’s local receiver, signed, and never to live', async () => {
    const { live, test, testKey } = await sandbox();
    const testEndpoint = await startReceiver();
    const liveEndpoint = await startReceiver();
    const local = await startReceiver();
    const testHook = await test.webhooks.create({ url: testEndpoint.url, events: ['*'] });
    await live.webhooks.create({ url: liveEndpoint.url, events: ['*'] });
    expect((await test.whoami()).data.mode).toBe('test');

    const stateFile = newStateFile();
    const listening = startListening({ apiKey: testKey, forwardTo: local.url, stateFile });
    const { secret } = await listening.started;

    const results = await test.testMode.simulateProductEvents({
      events: [scored('app-sim-1', 93.5)],
    });
    expect(results.data.results.map((result) => result.outcome)).toEqual(['applied']);

    await waitFor(() => scoredEvents(testEndpoint.received).length === 1, 15_000, 'the webhook');
    await waitFor(() => scoredEvents(local.received).length === 1, 15_000, 'listen');
    const [delivered] = testEndpoint.received.filter((request) =>
      request.body.includes('application.scored'),
    );
    const event = verifyWebhook(
      testHook.data.secret as string,
      delivered?.headers as Record<string, string>,
      delivered?.body as string,
    );
    expect(event).toMatchObject({
      type: 'application.scored',
      data: { id: 'app-sim-1', aiScore: 93.5, model: { id: 'match-ranker' } },
    });
    const [forwarded] = local.received.filter((request) =>
      request.body.includes('application.scored'),
    );
    expect(
      verifyWebhook(
        secret,
        forwarded?.headers as Record<string, string>,
        forwarded?.body as string,
      ),
    ).toEqual((await test.events.get(event.id)).data);
    expect(() =>
      verifyWebhook(
        testHook.data.secret as string,
        forwarded?.headers as Record<string, string>,
        forwarded?.body as string,
      ),
    ).toThrow();

    // Live sees none of it: no delivery, no event.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(liveEndpoint.received.map((request) => JSON.parse(request.body).type)).toEqual([]);
    const liveTypes: string[] = [];
    for await (const { event: liveEvent } of live.events.follow({ waitSeconds: 1 })) {
      liveTypes.push(liveEvent.type);
      if (liveTypes.length === 2) break;
    }
    expect(liveTypes).toEqual(['key.created', 'key.created']);

    // Stopped and started again, listen goes on after the last event it forwarded.
    await listening.stop();
    const kept = JSON.parse(readFileSync(stateFile, 'utf8'));
    expect(kept).toMatchObject({ secret, after: event.id });
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
    const second = startListening({ apiKey: testKey, forwardTo: local.url, stateFile });
    const { resumed } = await second.started;
    await test.testMode.simulateProductEvents({ events: [scored('app-sim-2', 71)] });
    await waitFor(() => scoredEvents(local.received).length === 2, 15_000, 'the second event');
    await second.stop();
    expect(resumed).toBe(true);
    expect(scoredEvents(local.received).map((forwardedEvent) => forwardedEvent.data)).toEqual([
      expect.objectContaining({ id: 'app-sim-1' }),
      expect.objectContaining({ id: 'app-sim-2' }),
    ]);
    await Promise.all([testEndpoint.close(), liveEndpoint.close(), local.close()]);
  });

  it('tries an event again while the local endpoint gives no answer, and moves on once it answers', async () => {
    const { test, testKey } = await sandbox();
    // The first attempt of each event hangs past listen's timeout; the next is answered.
    const local = await startReceiver((_, previousOfId) => (previousOfId === 0 ? 'hang' : 200));
    const attempts: (number | undefined)[] = [];
    const listening = startListening({
      apiKey: testKey,
      forwardTo: local.url,
      timeoutMs: 300,
      onDelivery: (delivery) => {
        if (delivery.event.type === 'application.scored') attempts.push(delivery.status);
      },
    });
    await listening.started;
    await test.testMode.simulateProductEvents({ events: [scored('app-hang', 64)] });
    await waitFor(() => attempts.includes(200), 15_000, 'the answered attempt');
    await listening.stop();
    expect(attempts).toEqual([undefined, 200]);
    await local.close();
  });

  it('starts after an event id, or from an instant on, with --after: a restart misses nothing written while it was away', async () => {
    const { test, testKey } = await sandbox();
    const local = await startReceiver();
    await test.testMode.simulateProductEvents({ events: [scored('app-before', 51)] });
    const written = await test.events.list({ limit: 100 });
    const last = written.data.at(-1) as { id: string };
    const instant = new Date().toISOString();
    await test.testMode.simulateProductEvents({ events: [scored('app-after', 52)] });
    const forwarded = () =>
      scoredEvents(local.received).map((event) => (event.data as { id: string }).id);

    // After the last event it saw: only what came since.
    const fromId = startListening({ apiKey: testKey, forwardTo: local.url, after: last.id });
    await waitFor(() => forwarded().includes('app-after'), 15_000, 'the event after the id');
    await fromId.stop();
    expect(forwarded()).toEqual(['app-after']);
    // From an instant on, as GET /events?after=<instant> reads it.
    const fromInstant = startListening({ apiKey: testKey, forwardTo: local.url, after: instant });
    await waitFor(() => forwarded().length === 2, 15_000, 'the event after the instant');
    await fromInstant.stop();
    expect(forwarded()).toEqual(['app-after', 'app-after']);
    const rest = await test.events.list({ after: instant, limit: 100 });
    expect(rest.data.map((event) => event.id)).not.toContain(last.id);
    await local.close();
    // It gives the local endpoint the time a webhook endpoint has.
    expect(WEBHOOK_TIMEOUT_MS).toBe(DELIVERY_TIMEOUT_MS);
  });

  it('runs as `hiring listen`: prints the secret, a line per delivery, and stops cleanly on Ctrl-C', async () => {
    const { test, testKey } = await sandbox();
    const local = await startReceiver();
    const stateFile = newStateFile();
    const child = spawn(
      join(PACKAGE, '..', '..', 'node_modules', '.bin', 'tsx'),
      [
        join(PACKAGE, 'src', 'cli.ts'),
        'listen',
        '--key',
        testKey,
        '--forward-to',
        local.url,
        '--api-url',
        baseUrl(),
        '--state',
        stateFile,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await waitFor(() => stderr.includes('Signing secret'), 20_000, 'the banner');
    const secret = /Signing secret: (whsec_\S+)/.exec(stderr)?.[1] as string;
    expect(stderr).toContain('Forwarding the test events of tenant');
    // While nothing comes, it says it is waiting: once, not at every look.
    await waitFor(() => stderr.includes('Waiting for events'), 20_000, 'the waiting line');

    await test.testMode.simulateProductEvents({ events: [scored('app-cli', 88)] });
    await waitFor(() => stdout.includes('application.scored'), 20_000, 'a delivery line');
    expect(stdout).toMatch(/application\.scored {2}evt_\w+ {2}-> 200/);
    const forwarded = local.received.find(
      (request) => request.body.includes('app-cli') && request.body.includes('application.scored'),
    );
    expect(
      verifyWebhook(secret, forwarded?.headers as Record<string, string>, forwarded?.body as string)
        .type,
    ).toBe('application.scored');

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).toContain('Stopped');
    expect(stderr.match(/Waiting for events/g)?.length).toBeLessThanOrEqual(2);
    await local.close();
  });

  it('answers --help with its usage on stdout, and a mistyped option with the usage and exit 2', async () => {
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(
          join(PACKAGE, '..', '..', 'node_modules', '.bin', 'tsx'),
          [join(PACKAGE, 'src', 'cli.ts'), ...args],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });

    const [help, short, typo] = await Promise.all([
      run('listen', '--help'),
      run('--help'),
      run('listen', '--forward', 'http://localhost:4000'),
    ]);

    for (const answer of [help, short]) {
      expect(answer.code).toBe(0);
      expect(answer.stdout).toContain('Usage: hiring listen');
      expect(answer.stdout).toContain('--forward-to');
    }
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/--forward/);
    expect(typo.stderr).toContain('Usage: hiring listen');
  });
});
