import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ApiVersion } from '../../lib/versions/table.js';
import type { EventType } from '../../lib/events/types.js';
import { API_PREFIX, type RouteId, routeEntries } from '../../lib/composition/routes.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
export const RELEASED_DOCUMENT = join(ROOT, 'docs', 'openapi.released.json');
const OPTIC = join(ROOT, 'node_modules', '.bin', 'optic');

type Document = { info: { version: string } };

/**
 * The document as the diff reads it: each event we send (the `webhooks` section, which Optic does not
 * compare) becomes the answer of a GET under /webhook-events/, so that what breaks a receiver (a field
 * removed from an event) is caught like what breaks a caller.
 */
export const EVENT_PATH_PREFIX = '/webhook-events/';
function withEventsAsAnswers(document: object): object {
  const { webhooks, paths, ...rest } = document as {
    webhooks?: Record<string, { post: { requestBody: { content: object } } }>;
    paths: Record<string, unknown>;
  };
  const events = Object.entries(webhooks ?? {}).map(([type, { post }]) => [
    `${EVENT_PATH_PREFIX}${type}`,
    {
      get: {
        operationId: `event ${type}`,
        responses: { '200': { description: `A ${type} event`, content: post.requestBody.content } },
      },
    },
  ]);
  return { ...rest, paths: { ...paths, ...Object.fromEntries(events) } };
}

/**
 * The document as the diff reads it, the event stream's contract (`x-event-stream`, which Optic does
 * not compare) as operations: each message a client sends the body of a POST under
 * /event-stream/messages/, each frame it receives the answer of a GET under /event-stream/frames/, so
 * that a route key removed, a frame field removed or a message field newly required is caught like a
 * route's.
 */
export const STREAM_PATH_PREFIX = '/event-stream/';
function withStreamAsOperations(document: object): object {
  const {
    'x-event-stream': stream,
    paths,
    ...rest
  } = document as {
    'x-event-stream'?: { messages: Record<string, object>; frames: Record<string, object> };
    paths: Record<string, unknown>;
  };
  if (!stream) return document;
  const json = (schema: object) => ({ 'application/json': { schema } });
  return {
    ...rest,
    paths: {
      ...paths,
      ...Object.fromEntries([
        ...Object.entries(stream.messages).map(([action, schema]) => [
          `${STREAM_PATH_PREFIX}messages/${action}`,
          {
            post: {
              operationId: `stream message ${action}`,
              requestBody: { required: true, content: json(schema) },
              responses: { '200': { description: 'Taken' } },
            },
          },
        ]),
        ...Object.entries(stream.frames).map(([type, schema]) => [
          `${STREAM_PATH_PREFIX}frames/${type}`,
          {
            get: {
              operationId: `stream frame ${type}`,
              responses: { '200': { description: `A ${type} frame`, content: json(schema) } },
            },
          },
        ]),
      ]),
    },
  };
}

/**
 * The document with each path as a request carries it (the server's path, then the operation's), so
 * that moving the base path between `servers` and `paths` is no change: no request changed.
 */
function withPathsOnTheWire(document: object): object {
  const { servers, paths, ...rest } = document as {
    servers?: { url: string }[];
    paths: Record<string, unknown>;
  };
  const base = new URL(servers?.[0]?.url ?? '/', 'http://server').pathname.replace(/\/$/, '');
  return {
    ...rest,
    servers: [{ url: '/' }],
    paths: Object.fromEntries(
      Object.entries(paths).map(([path, item]) => [`${base}${path}`, item]),
    ),
  };
}

/** What Optic's diff says of two documents: its report, and whether its breaking-change rules passed. */
export async function opticDiff(
  released: object,
  current: object,
  options: { json?: boolean } = {},
): Promise<{ passed: boolean; report: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'api-compat-'));
  try {
    const [before, after] = [join(folder, 'released.json'), join(folder, 'current.json')];
    const asDiffed = (document: object) =>
      withStreamAsOperations(withEventsAsAnswers(withPathsOnTheWire(document)));
    await writeFile(before, JSON.stringify(asDiffed(released)));
    await writeFile(after, JSON.stringify(asDiffed(current)));
    const args = ['diff', before, after, '--check', ...(options.json ? ['--json'] : [])];
    // Telemetry off: CI has no network, and nothing of the document should leave the machine.
    const env = { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', NO_COLOR: '1' };
    try {
      const { stdout } = await run(OPTIC, args, { cwd: folder, env, maxBuffer: 64 << 20 });
      return { passed: true, report: stdout };
    } catch (error) {
      const { stdout, stderr, code } = error as { stdout?: string; stderr?: string; code?: number };
      // Exit code 1: a check failed. Anything else is Optic failing to read a document.
      if (code !== 1)
        throw new Error(`optic diff failed (${code}): ${stderr ?? ''}${stdout ?? ''}`, {
          cause: error,
        });
      return { passed: false, report: stdout ?? '' };
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** What Optic's check names as broken: operations of the route table, event types, and the event stream's messages and frames (`messages/<action>`, `frames/<type>`). */
export function brokenByReport(report: string): {
  routes: RouteId[];
  events: string[];
  stream: string[];
} {
  const routes = new Set<RouteId>();
  const events = new Set<string>();
  const stream = new Set<string>();
  for (const line of report.split('\n')) {
    const match = /^x (GET|POST|PUT|PATCH|DELETE) (\S+):/.exec(line.trim());
    if (!match) continue;
    const [, method, path] = match as unknown as [string, string, string];
    if (path.startsWith(EVENT_PATH_PREFIX)) events.add(path.slice(EVENT_PATH_PREFIX.length));
    if (path.startsWith(STREAM_PATH_PREFIX)) stream.add(path.slice(STREAM_PATH_PREFIX.length));
    const route = routeEntries().find(
      ([, declared]) => declared.method === method && `${API_PREFIX}${declared.path}` === path,
    );
    if (route) routes.add(route[0]);
  }
  return { routes: [...routes], events: [...events], stream: [...stream] };
}

/**
 * Whether the current document may ship after the released one: yes when Optic finds nothing breaking;
 * when it does, only as a new version (newer than the released one) whose predecessor is deprecated
 * and declares, for every operation and event that breaks, the change that serves it its old shape
 * (lib/versions/table.ts).
 */
export async function checkCompatibility(
  released: Document,
  current: Document,
  versions: readonly ApiVersion[],
): Promise<{ ok: boolean; report: string }> {
  return compatibilityVerdict(await opticDiff(released, current), released.info.version, versions);
}

/** The verdict on Optic's diff of the released document (of `releasedVersion`) and the current one. */
export function compatibilityVerdict(
  diff: { passed: boolean; report: string },
  releasedVersion: string,
  versions: readonly ApiVersion[],
): { ok: boolean; report: string } {
  if (diff.passed) return { ok: true, report: diff.report };
  const newest = versions.at(-1);
  const previous = versions.at(-2);
  const broken = brokenByReport(diff.report);
  const changes = previous?.changes;
  // The event routes carry events: the events' own changes shape them there (lib/versions/shape.ts).
  const eventChanges = Object.keys(changes?.events ?? {}).length > 0;
  const undeclared = [
    ...broken.routes.filter(
      (id) =>
        !changes?.answers?.[id] &&
        !changes?.requests?.[id] &&
        !(eventChanges && (id === 'listEvents' || id === 'getEvent')),
    ),
    ...broken.events.filter((type) => !changes?.events?.[type as EventType]),
  ];
  // The stream's messages and frames are one shape in every version, which no version's change can
  // serve; only the event inside an event frame is the connection's version's, as the events' changes shape it.
  const streamBroken = broken.stream
    .filter((what) => !(eventChanges && what === 'frames/event'))
    .map((what) => what.replace(/^messages\//, 'message ').replace(/^frames\//, 'frame '));
  const missing = [
    ...(newest && newest.version > releasedVersion
      ? []
      : [`a version newer than ${releasedVersion} in lib/versions/table.ts`]),
    ...(previous?.deprecation
      ? []
      : [`a deprecation on ${previous?.version ?? 'the version before'}`]),
    ...undeclared.map(
      (what) => `${previous?.version ?? 'the version before'}'s change for ${what}`,
    ),
    ...streamBroken.map(
      (what) =>
        `the event stream's ${what} as released: its messages and frames are not versioned (add one, or a field to one; never remove or change one)`,
    ),
  ];
  if (missing.length === 0)
    return {
      ok: true,
      report: `${diff.report}\nBreaking changes ship as version ${newest?.version}; ${previous?.version} declares how to serve its shapes.`,
    };
  return {
    ok: false,
    report: `${diff.report}
A breaking change to the released API (docs/openapi.released.json, version ${releasedVersion}) needs:
${missing.map((line) => `- ${line}`).join('\n')}
Either make the change additive (docs/api.md, "Compatibility and versions"), or declare a new version
in lib/versions/table.ts with the changes that take its shapes back to the version before, then
\`npm run release\`.`,
  };
}
