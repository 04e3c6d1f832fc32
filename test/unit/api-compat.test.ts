import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../../lib/versions/table.js';
import {
  breakingLines,
  changeLines,
  changelogEntry,
  summarized,
  withEntry,
} from '../../scripts/local/changelog.js';
import { compatibilityVerdict, opticDiff } from '../../scripts/local/compatibility.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  STREAM_MESSAGES,
  streamOutput,
  subscribeStream,
  type StreamEvent,
} from '../../lib/composition/event-stream.js';
import type { Db } from '../../lib/db/client.js';
import type { PublicEvent } from '../../lib/events/model.js';
import { PING_FRAME, PONG_FRAME } from '../../lib/events/stream.js';
import { currentVersion } from '../../lib/versions/shape.js';

/**
 * The check `npm test` runs (npm run api:compat): Optic's breaking-change rules on the released document
 * and the current one. Each sample change is one edit of the released document, as a developer's change
 * to a schema would make it.
 */
type Schema = { properties: Record<string, unknown>; required: string[] };
type Document = { info: { version: string }; components: { schemas: Record<string, Schema> } };
const released: Document = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'openapi.released.json'), 'utf8'),
);
const RELEASED = released.info.version;
const edited = (edit: (schemas: Record<string, Schema>) => void): Document => {
  const copy = structuredClone(released);
  edit(copy.components.schemas);
  return copy;
};

// A JD's `type`, gone from GET /jds/:jdId (a list's page is one branch of a oneOf, which Optic names otherwise).
const removedResponseField = edited((schemas) => {
  delete schemas.Jd?.properties.type;
  schemas.Jd?.required.splice(schemas.Jd.required.indexOf('type'), 1);
});
const newlyRequiredRequestField = edited((schemas) => {
  schemas.CreateJdRequest?.required.push('location');
});
type EventSchema = { properties: { data: Schema } };
const removedEventField = edited((schemas) => {
  const data = (schemas.JdCreatedEvent as unknown as EventSchema).properties.data;
  delete data.properties.title;
  data.required.splice(data.required.indexOf('title'), 1);
});
const addedResponseField = edited((schemas) => {
  (schemas.JdSummary as Schema).properties.hiringTeam = { type: 'string', maxLength: 64 };
});

/** The released document with its base path moved from every path into `servers`: no request changed. */
const basePathInServers = (() => {
  const copy = structuredClone(released) as Document & {
    servers: { url: string }[];
    paths: Record<string, unknown>;
  };
  copy.servers = [{ url: '/api/v1' }];
  copy.paths = Object.fromEntries(
    Object.entries(copy.paths).map(([path, item]) => [path.replace(/^\/api\/v1/, ''), item]),
  );
  return copy;
})();

/**
 * The event stream's contract (docs/openapi.json's `x-event-stream`) as a release records it: the
 * released document with the current one's stream (the stream ships in the next release).
 */
type Stream = {
  messages: Record<string, Schema>;
  frames: Record<string, Schema>;
};
const CURRENT = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'),
) as Document & { 'x-event-stream': Stream };
const withStream = { ...structuredClone(released), 'x-event-stream': CURRENT['x-event-stream'] };
const streamEdited = (edit: (stream: Stream, schemas: Record<string, Schema>) => void) => {
  const copy = structuredClone(withStream);
  edit(copy['x-event-stream'], copy.components.schemas);
  return copy;
};
// A route key gone (ping), a frame's field gone (subscribed's after), a message's field newly
// required (subscribe's after), and a frame type added (which breaks nothing).
const streamBroken = streamEdited((stream) => {
  delete stream.messages.ping;
  const subscribed = stream.frames.subscribed as Schema;
  delete subscribed.properties.after;
  subscribed.required = ['type'];
  (stream.messages.subscribe as Schema).required.push('after');
  stream.frames.closing = {
    properties: { type: { type: 'string', const: 'closing' } },
    required: [],
  };
});
const streamEventFieldRemoved = streamEdited((_, schemas) => {
  const data = (schemas.JdCreatedEvent as unknown as EventSchema).properties.data;
  delete data.properties.title;
  data.required.splice(data.required.indexOf('title'), 1);
});

/** A version after the released one, and the released one, deprecated, taking its shapes back. */
const NEXT = '2099-01-01';
const deprecation = {
  at: '2099-01-01T00:00:00Z',
  sunset: '2100-01-01T00:00:00Z',
  notes: 'https://x',
};
const withNewVersion = (
  changes: ApiVersion['changes'],
  deprecated: ApiVersion['deprecation'] | null = deprecation,
): ApiVersion[] => [
  { version: RELEASED, summary: 'released', changes, deprecation: deprecated ?? undefined },
  { version: NEXT, summary: 'next' },
];

// Optic takes seconds a document pair (five here, at once), and a minute each on a machine at load 20:
// the budget follows the work, not a quiet machine.
describe('the compatibility check', { timeout: 300_000 }, () => {
  // The three pairs are compared at once.
  const diffs = Promise.all(
    [
      removedResponseField,
      newlyRequiredRequestField,
      addedResponseField,
      removedEventField,
      basePathInServers,
    ].map((document) => opticDiff(released, document)),
  );
  const streamDiffs = Promise.all(
    [streamBroken, streamEventFieldRemoved].map((document) => opticDiff(withStream, document)),
  );

  it('fails on a removed response field and on a newly required request field, naming each', async () => {
    const [removed, required] = await diffs;
    const removal = compatibilityVerdict(removed!, RELEASED, API_VERSIONS);
    expect(removal.ok).toBe(false);
    expect(removal.report).toMatch(/cannot remove response property 'type'/);
    const requirement = compatibilityVerdict(required!, RELEASED, API_VERSIONS);
    expect(requirement.ok).toBe(false);
    expect(requirement.report).toMatch(/cannot make a request property required/);
    expect(requirement.report).toMatch(/lib\/versions\/table\.ts/);
  });

  it('lets an added response field through without a new version', async () => {
    const [, , added] = await diffs;
    expect(compatibilityVerdict(added!, RELEASED, API_VERSIONS)).toMatchObject({ ok: true });
  });

  it('reads paths as requests carry them: the base path moved into servers changes nothing', async () => {
    const [, , , , moved] = await diffs;
    expect(moved!.passed).toBe(true);
    expect(moved!.report).not.toMatch(/removed|added/i);
  });

  it('lets a breaking change through only as a new version whose deprecated predecessor declares the change of what broke', async () => {
    const [removed, required] = await diffs;
    const identity = <T>(value: T) => value;
    expect(
      compatibilityVerdict(
        removed!,
        RELEASED,
        withNewVersion({
          answers: { getJd: identity, updateJd: identity, createJd: identity, upsertJd: identity },
        }),
      ),
    ).toMatchObject({ ok: true });
    expect(
      compatibilityVerdict(
        required!,
        RELEASED,
        withNewVersion({ requests: { createJd: identity } }),
      ),
    ).toMatchObject({ ok: true });
    // Each missing piece is named.
    const elsewhere = compatibilityVerdict(
      removed!,
      RELEASED,
      withNewVersion({ answers: { listJds: identity } }),
    );
    expect(elsewhere.ok).toBe(false);
    expect(elsewhere.report).toContain(`${RELEASED}'s change for getJd`);
    const notDeprecated = compatibilityVerdict(
      removed!,
      RELEASED,
      withNewVersion({ answers: { getJd: identity, updateJd: identity } }, null),
    );
    expect(notDeprecated.report).toContain(`a deprecation on ${RELEASED}`);
    expect(
      compatibilityVerdict(removed!, RELEASED, [
        {
          version: RELEASED,
          summary: 'released',
          changes: { answers: { getJd: identity, updateJd: identity } },
        },
      ]).report,
    ).toContain(`a version newer than ${RELEASED}`);
  });

  it("catches a field removed from an event a webhook receives, served by the event's own change", async () => {
    const [, , , removedFromEvent] = await diffs;
    const verdict = compatibilityVerdict(removedFromEvent!, RELEASED, withNewVersion({}));
    expect(verdict.ok).toBe(false);
    expect(verdict.report).toContain(`${RELEASED}'s change for jd.created`);
    const shaped = withNewVersion({ events: { 'jd.created': (event) => event } });
    expect(compatibilityVerdict(removedFromEvent!, RELEASED, shaped)).toMatchObject({ ok: true });
  });

  it('holds the event stream to its released contract: a route key removed, a frame’s field removed, a message’s field newly required each fail, named; a frame added passes', async () => {
    const [broken, eventField] = await streamDiffs;
    const verdict = compatibilityVerdict(broken!, RELEASED, API_VERSIONS);
    const identity = <T>(value: T) => value;

    expect(verdict.ok).toBe(false);
    for (const what of ['message ping', 'frame subscribed', 'message subscribe'])
      expect(verdict.report).toContain(`the event stream's ${what} as released`);
    expect(verdict.report).not.toContain('closing as released');
    // No version serves the stream's own shapes: a new version does not let it through.
    expect(
      compatibilityVerdict(broken!, RELEASED, withNewVersion({ answers: { getJd: identity } }))
        .report,
    ).toContain("the event stream's message ping as released");
    // The event inside an event frame is the connection's version's: the event's change serves it.
    const shaped = withNewVersion({ events: { 'jd.created': (event) => event } });
    expect(compatibilityVerdict(eventField!, RELEASED, shaped)).toMatchObject({ ok: true });
  });

  it('publishes the stream’s frames as the function sends them, and its messages as it takes them', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
    ajv.addSchema({ $id: 'openapi', components: CURRENT.components }, 'openapi');
    const { frames, messages } = CURRENT['x-event-stream'];
    const valid = (schema: object, value: unknown) => {
      const validate = ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')),
      );
      return validate(value) || validate.errors;
    };
    const sent: string[] = [];
    const output = streamOutput({
      post: async (_, frame) => {
        sent.push(frame);
        return 'sent';
      },
      close: async () => undefined,
    });
    const example = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'openapi-examples.json'), 'utf8'),
    ).getEvent.responses['200'].data as PublicEvent;
    const streamEvent = (authorizer: object, body: string) =>
      ({
        requestContext: {
          routeKey: 'subscribe',
          connectionId: 'c',
          requestId: 'r',
          requestTimeEpoch: Date.now(),
          authorizer,
        },
        body,
      }) as unknown as StreamEvent;
    // Refused before the table is read: a key the authorizer refused, and a message the stream does not take.
    await subscribeStream(
      undefined as unknown as Db,
      streamEvent({ refused: 'key_invalid' }, '{}'),
      output,
    );
    await subscribeStream(
      undefined as unknown as Db,
      streamEvent(
        { tenantId: 't', mode: 'live', keyId: 'k', scopes: 'read', apiVersion: currentVersion() },
        '{"action":"subscribe","from":"now"}',
      ),
      output,
    );

    expect(Object.keys(messages)).toEqual(Object.keys(STREAM_MESSAGES));
    expect(valid(messages.ping as object, JSON.parse(PING_FRAME))).toBe(true);
    expect(
      valid(messages.subscribe as object, {
        action: 'subscribe',
        after: 'evt_01M8HTNMFEBB96NZKNXB3ZT9F2',
      }),
    ).toBe(true);
    expect(valid(frames.pong as object, JSON.parse(PONG_FRAME))).toBe(true);
    expect(valid(frames.subscribed as object, JSON.parse(output.subscribed('')))).toBe(true);
    expect(valid(frames.subscribed as object, JSON.parse(output.subscribed(example.id)))).toBe(
      true,
    );
    expect(valid(frames.event as object, JSON.parse(output.frame(example, currentVersion())))).toBe(
      true,
    );
    expect(sent.map((frame) => JSON.parse(frame).status)).toEqual([403, 400]);
    for (const frame of sent) expect(valid(frames.error as object, JSON.parse(frame))).toBe(true);
  });
});

describe('the changelog', () => {
  it('has a section for every version declared, and the released document is of a declared version', () => {
    const changelog = readFileSync(
      join(import.meta.dirname, '..', '..', 'docs', 'changelog.md'),
      'utf8',
    );
    for (const { version, summary } of API_VERSIONS) {
      expect(changelog).toContain(`\n## ${version}\n`);
      expect(changelog).toContain(summary);
    }
    expect(API_VERSIONS.map(({ version }) => version)).toContain(RELEASED);
  });
});

describe('a changelog entry, written by npm run release', () => {
  /** Optic's diff (--json) of a removed response property, as it prints it. */
  const diff = {
    operations: [
      {
        name: 'GET /api/v1/jds',
        change: 'changed',
        responses: [
          {
            name: '200 response',
            change: 'changed',
            contentTypes: [
              {
                name: 'application/json',
                change: 'changed',
                attributes: [
                  { key: '/schema/properties/data', change: 'changed' },
                  { key: '/schema/properties/data/items/properties/type', change: 'removed' },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
  const check = `x GET /api/v1/jds:
  - response 200:
        x [prevent removing response property] cannot remove response property 'type'. This is a breaking change.
        at old.json:112:4417`;

  it('lists each change where it happened, and the breaking ones apart', () => {
    const changes = changeLines(diff);
    expect(changes).toEqual([
      'GET /api/v1/jds › 200 response › application/json › /schema/properties/data/items/properties/type: removed',
    ]);
    const breaking = breakingLines(check);
    expect(breaking).toEqual([
      "[prevent removing response property] cannot remove response property 'type'. This is a breaking change.",
    ]);
    const entry = changelogEntry({ date: '2027-06-01', changes, breaking });
    expect(entry).toMatch(/^### Released 2027-06-01\n\nBreaking .*\n\n- \[prevent removing/);
    expect(changelogEntry({ date: '2027-01-10', changes, breaking: [] })).toContain(
      'Additive:\n\n- GET /api/v1/jds',
    );
  });

  it('says a change made on many operations once, with how many, and names the operations of a rarer one', () => {
    const header = (operation: string, status: number) =>
      `${operation} › ${status} response › response header Request-Id: added`;
    const operations = ['GET /a', 'GET /b', 'POST /c', 'DELETE /d'];
    const lines = operations.flatMap((operation) => [
      header(operation, 200),
      header(operation, 200),
      header(operation, 404),
    ]);
    lines.push('GET /a › 200 response › application/json › /schema/properties/x: added');
    lines.push('GET /e: added');
    expect(summarized(lines)).toEqual([
      'response header Request-Id: added (4 operations)',
      'GET /a: application/json › /schema/properties/x: added',
      'GET /e: added',
    ]);
  });

  it('puts a new version first, and a release of a version first in its section', () => {
    const changelog =
      '# Changelog\n\nIntro.\n\n## 2026-11-25\n\nFirst.\n\n### Released 2026-11-25\n\n- a\n';
    const additive = withEntry(
      changelog,
      { version: '2026-11-25', summary: 'First.' },
      '### Released 2027-01-10\n\n- b',
    );
    expect(additive.indexOf('Released 2027-01-10')).toBeLessThan(
      additive.indexOf('Released 2026-11-25'),
    );
    expect(additive).toContain('## 2026-11-25\n\nFirst.\n\n### Released 2027-01-10');
    const next = withEntry(
      additive,
      { version: '2027-06-01', summary: 'Next.' },
      '### Released 2027-06-01\n\n- c',
    );
    expect(next.indexOf('## 2027-06-01')).toBeLessThan(next.indexOf('## 2026-11-25'));
    expect(next.indexOf('Intro.')).toBeLessThan(next.indexOf('## 2027-06-01'));
  });
});
