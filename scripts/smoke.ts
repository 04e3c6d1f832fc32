import { parseArgs } from 'node:util';
import { CONSOLE_CACHE, CONSOLE_SECURITY_HEADERS } from '../infra/console.js';
import { CONSOLE_LINK_HEADER, CONSOLE_REQUEST_HEADER } from '../lib/keys/console.js';

/**
 * `npm run smoke -- --url <ApiUrl> --admin-key <key>`: a short journey through a running deployment (or
 * `npm start`), one PASS/FAIL line per step, exit code 1 on any failure. It creates a read/write key, a
 * DRAFT job description titled "[smoke] …" (DRAFTs are not shown on the candidate portal), hears its
 * event on the event stream (`--stream-url`, default under `--url`), reads it
 * back, checks the other read endpoints, deletes the JD, then revokes the key and checks that it is
 * refused: it leaves nothing behind but the revoked key. Every answer of a function must be the
 * envelope with RateLimit headers (a 204 has no body). It also opens the developer console where a
 * sign-in link of that key points (the link is not spent, and dies with the key): the page and its
 * script, with the headers and caching the edge must give them. `--no-console` skips that on a stage
 * without the edge, which serves no console. And it signs in with another link as the console's page
 * does (the session's cookie and its flags, the session acting as the key, Sign out ending it).
 */
interface Reply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the journey reads arbitrary JSON
  json: any;
}

class StepFailure extends Error {}

function usage(message: string): never {
  process.stderr.write(
    `${message}\nUsage: npm run smoke -- --url <base URL ending in /api/v1> --admin-key <admin key> [--stream-url <the StreamUrl output>] [--no-console]\n`,
  );
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    'admin-key': { type: 'string' },
    'stream-url': { type: 'string' },
    'no-console': { type: 'boolean', default: false },
  },
});
const base = (values.url ?? usage('--url is required')).replace(/\/$/, '');
// The stack's StreamUrl output: under the API's base behind the edge, at its own URL without one.
const streamUrl = values['stream-url'] ?? `${base.replace(/^http/, 'ws')}/events/stream`;
const adminKey = values['admin-key'] ?? usage('--admin-key is required');

async function call(method: string, path: string, key: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'X-API-Key': key,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status === 204 && text === '')
    return { status: 204, headers: response.headers, json: undefined };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new StepFailure(
      `${method} ${path}: ${response.status}, body is not JSON: ${text.slice(0, 200)}`,
    );
  }
  return { status: response.status, headers: response.headers, json };
}

function check(condition: unknown, message: string): void {
  if (!condition) throw new StepFailure(message);
}

/** A function's answer: the expected status, the envelope, and the RateLimit headers. */
function expectEnvelope(reply: Reply, status: number, what: string): void {
  check(
    reply.status === status,
    `${what}: expected ${status}, got ${reply.status} ${JSON.stringify(reply.json).slice(0, 300)}`,
  );
  check(reply.json?.success === status < 400, `${what}: no envelope (success: ${status < 400})`);
  for (const header of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
    check(reply.headers.get(header) !== null, `${what}: no ${header} header`);
  }
}

const results: boolean[] = [];
async function step(name: string, run: () => Promise<void>): Promise<void> {
  const started = performance.now();
  try {
    await run();
    results.push(true);
    process.stdout.write(`PASS  ${name} (${(performance.now() - started).toFixed(0)} ms)\n`);
  } catch (error) {
    results.push(false);
    process.stdout.write(
      `FAIL  ${name}: ${error instanceof StepFailure ? error.message : String(error)}\n`,
    );
  }
}

const run = `${new Date().toISOString().slice(0, 19)}Z`;
let key = '';
let keyId = '';
let jdId = '';

await step('admin key works (GET /whoami)', async () => {
  const reply = await call('GET', '/whoami', adminKey);
  expectEnvelope(reply, 200, 'GET /whoami');
  check(
    reply.json.data.scopes.includes('admin'),
    `the key has scopes ${reply.json.data.scopes}, not admin`,
  );
});
await step('create a read/write key (POST /keys)', async () => {
  const reply = await call('POST', '/keys', adminKey, {
    name: `smoke ${run}`,
    scopes: ['read', 'write'],
  });
  expectEnvelope(reply, 201, 'POST /keys');
  key = reply.json.data.key;
  keyId = reply.json.data.id;
  check(/^hk_live_\w{33}$/.test(key), 'the new key is not shown once in the response');
});
/** The event stream, subscribed with the new key, and the JDs its events named. */
let stream: WebSocket | undefined;
const heard: string[] = [];
await step('subscribe to the event stream (the StreamUrl)', async () => {
  // Node's WebSocket takes request headers as undici's extension does: the key rides in one.
  const socket = new WebSocket(streamUrl, { headers: { 'X-API-Key': key } } as never);
  stream = socket;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new StepFailure('no subscribed frame within 10 s')),
      10_000,
    );
    socket.onopen = () => socket.send(JSON.stringify({ action: 'subscribe' }));
    socket.onmessage = (message) => {
      const frame = JSON.parse(String(message.data)) as {
        type: string;
        event?: { type: string; data: { id: string } };
      };
      if (frame.type === 'subscribed') {
        clearTimeout(timer);
        resolve();
      }
      if (frame.event?.type === 'jd.created') heard.push(frame.event.data.id);
    };
    socket.onerror = () => {
      clearTimeout(timer);
      reject(new StepFailure(`the upgrade at ${streamUrl} was refused or failed`));
    };
  });
});
await step('create a JD (POST /jds)', async () => {
  const reply = await call('POST', '/jds', key, {
    title: `[smoke] ${run}`,
    description: 'Created by npm run smoke.',
    createdById: 'smoke',
  });
  expectEnvelope(reply, 201, 'POST /jds');
  check(reply.json.data.status === 'DRAFT', `status ${reply.json.data.status}, not DRAFT`);
  jdId = reply.json.data.id;
});
await step('read it back (GET /jds/:id)', async () => {
  const reply = await call('GET', `/jds/${jdId}`, key);
  expectEnvelope(reply, 200, 'GET /jds/:id');
  check(reply.json.data.title === `[smoke] ${run}`, 'the title read back differs');
});
await step('find it in the list (GET /jds?status=DRAFT)', async () => {
  // Lists read an index, which follows writes within a second or so.
  for (let attempt = 1; ; attempt++) {
    const reply = await call('GET', '/jds?status=DRAFT&limit=100', key);
    expectEnvelope(reply, 200, 'GET /jds');
    if (reply.json.data.some((jd: { id: string }) => jd.id === jdId)) return;
    check(attempt < 10, 'the new JD is not on the first page of DRAFT JDs after 5 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});
await step('the event stream pushed its jd.created within 5 s', async () => {
  for (let waited = 0; !heard.includes(jdId); waited += 100) {
    check(waited < 5_000, 'no jd.created frame for the new JD within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stream?.close();
});
await step('matches answer (GET /matches/:jdId)', async () => {
  const reply = await call('GET', `/matches/${jdId}`, key);
  expectEnvelope(reply, 200, 'GET /matches/:jdId');
  check(Array.isArray(reply.json.data), 'data is not an array');
});
await step('candidates answer (GET /candidates)', async () => {
  const reply = await call('GET', '/candidates?limit=5', key);
  expectEnvelope(reply, 200, 'GET /candidates');
  check(typeof reply.json.pagination?.total === 'number', 'no pagination.total');
});
await step('delete the JD (DELETE /jds/:id)', async () => {
  const reply = await call('DELETE', `/jds/${jdId}`, key);
  check(
    reply.status === 204,
    `expected 204, got ${reply.status} ${JSON.stringify(reply.json ?? null).slice(0, 300)}`,
  );
  for (const header of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'])
    check(reply.headers.get(header) !== null, `DELETE /jds/:id: no ${header} header`);
  check((await call('GET', `/jds/${jdId}`, key)).status === 404, 'the deleted JD is still there');
});
if (!values['no-console'])
  await step('the console is served where its sign-in links point (GET /console/)', async () => {
    const link = await call('POST', '/console/links', key, {});
    expectEnvelope(link, 201, 'POST /console/links');
    // The fragment (the link's token) is never sent: the page is fetched without it.
    const page = new URL(link.json.data.url);
    page.hash = '';
    const served = (url: URL, what: string, cache: string) =>
      fetch(url, { signal: AbortSignal.timeout(30_000) }).then(async (response) => {
        const text = await response.text();
        check(
          response.status === 200,
          `${what} at ${url}: ${response.status} ${text.slice(0, 200)}` +
            (response.status === 404 || response.status === 403
              ? ' (a stage without the edge serves no console: pass --no-console)'
              : ''),
        );
        for (const [name, value] of Object.entries(CONSOLE_SECURITY_HEADERS))
          check(
            response.headers.get(name) === value,
            `${what}: ${name} is ${response.headers.get(name)}, not ${value}`,
          );
        check(
          response.headers.get('cache-control') === cache,
          `${what}: Cache-Control is ${response.headers.get('cache-control')}, not ${cache}`,
        );
        return { text, type: response.headers.get('content-type') ?? '' };
      });
    const html = await served(page, 'the page', CONSOLE_CACHE.page);
    check(html.type.startsWith('text/html'), `the page is ${html.type}, not text/html`);
    const src = /<script[^>]* src="([^"]+)"/.exec(html.text)?.[1];
    check(src, 'the page names no script');
    const script = await served(new URL(src ?? '', page), 'its script', CONSOLE_CACHE.asset);
    check(script.type.includes('javascript'), `its script is ${script.type}, not JavaScript`);
  });
await step(
  'a sign-in link opens a console session that acts as its key, until Sign out',
  async () => {
    const link = await call('POST', '/console/links', key, {});
    expectEnvelope(link, 201, 'POST /console/links');
    const url = new URL(link.json.data.url);
    const token = new URLSearchParams(url.hash.slice(1)).get('link') ?? '';
    const opened = await fetch(`${base}/console/session`, {
      method: 'POST',
      headers: { [CONSOLE_LINK_HEADER]: token },
      signal: AbortSignal.timeout(30_000),
    });
    check(opened.status === 201, `POST /console/session: expected 201, got ${opened.status}`);
    const setCookie = opened.headers.getSetCookie()[0] ?? '';
    check(
      /; HttpOnly/i.test(setCookie) && /; SameSite=Strict/i.test(setCookie),
      `the session's cookie is not HttpOnly and SameSite=Strict: ${setCookie.replace(/=[^;]*/, '=…')}`,
    );
    if (url.protocol === 'https:')
      check(
        setCookie.startsWith('__Host-') && /; Secure/i.test(setCookie),
        "over https the session's cookie is not a Secure __Host- cookie",
      );
    // What the console's page sends: the cookie, its header, and what the browser adds (its origin).
    const asPage = {
      Cookie: setCookie.split(';')[0] ?? '',
      [CONSOLE_REQUEST_HEADER]: '1',
      'Sec-Fetch-Site': 'same-origin',
      Origin: url.origin,
    };
    const request = (method: string, path: string) =>
      fetch(`${base}${path}`, { method, headers: asPage, signal: AbortSignal.timeout(30_000) });
    const who = await request('GET', '/whoami');
    const whoJson = (await who.json()) as { data?: { keyId?: string } };
    check(
      who.status === 200 && whoJson.data?.keyId === keyId,
      `GET /whoami as the session: ${who.status}, key ${whoJson.data?.keyId}, not ${keyId}`,
    );
    const signOut = await request('DELETE', '/console/session');
    check(signOut.status === 204, `DELETE /console/session: expected 204, got ${signOut.status}`);
    const after = await request('GET', '/whoami');
    check(after.status === 403, `the signed-out session: expected 403, got ${after.status}`);
  },
);
await step('revoke the key (DELETE /keys/:id)', async () => {
  const reply = await call('DELETE', `/keys/${keyId}`, adminKey);
  expectEnvelope(reply, 200, 'DELETE /keys/:id');
});
await step('the revoked key is refused (403)', async () => {
  const reply = await call('GET', '/whoami', key);
  check(reply.status === 403, `expected 403, got ${reply.status}`);
});

const failed = results.filter((ok) => !ok).length;
process.stdout.write(`\n${results.length - failed} passed, ${failed} failed against ${base}\n`);
process.exitCode = failed ? 1 : 0;
