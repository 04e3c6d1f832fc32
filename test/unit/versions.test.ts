import { ROUTES } from '../../lib/composition/routes.js';
import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../../lib/versions/table.js';
import {
  preferredVersion,
  servedVersion,
  setApiVersions,
  shapeAnswer,
  shapeEvent,
  upgradeRequest,
  versionHeaders,
} from '../../lib/versions/shape.js';
import { FIRST_VERSION } from '../../lib/versions/first.js';

const YEAR_MS = 365 * 24 * 3600 * 1000;

describe('the version table', () => {
  it('names dates in order, the first one first, and deprecates a version for at least 12 months before its sunset', () => {
    const dates = API_VERSIONS.map(({ version }) => version);
    expect(dates[0]).toBe(FIRST_VERSION);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    for (const { version, deprecation } of API_VERSIONS) {
      expect(version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${version}T00:00:00Z`).toISOString().slice(0, 10)).toBe(version);
      if (!deprecation) continue;
      expect(Date.parse(deprecation.sunset) - Date.parse(deprecation.at)).toBeGreaterThanOrEqual(
        YEAR_MS,
      );
      expect(new URL(deprecation.notes).protocol).toBe('https:');
    }
    expect(API_VERSIONS.at(-1)?.deprecation).toBeUndefined();
  });
});

/**
 * Three versions: C (current) renamed B's `label` to `title` and its event type `jd.made` to
 * `jd.created`; B had renamed A's `name` to `label`. A request body moves the other way.
 */
const rename =
  (from: string, to: string) =>
  ({ [from]: value, ...rest }: Record<string, unknown>) => ({ ...rest, [to]: value });
const versions: ApiVersion[] = [
  {
    version: '2026-01-01',
    summary: 'A',
    changes: {
      answers: {
        getJd: ({ data, ...answer }) => ({
          ...answer,
          data: rename('label', 'name')(data as Record<string, unknown>),
        }),
      },
      events: { 'jd.made': rename('label', 'name') },
      requests: { createJd: (body) => rename('name', 'label')(body as Record<string, unknown>) },
    },
  },
  {
    version: '2026-06-01',
    summary: 'B',
    deprecation: {
      at: '2026-06-01T00:00:00Z',
      sunset: '2027-06-01T00:00:00Z',
      notes: 'https://x/b',
    },
    changes: {
      answers: {
        getJd: ({ data, ...answer }) => ({
          ...answer,
          data: rename('title', 'label')(data as Record<string, unknown>),
        }),
      },
      events: {
        'jd.created': ((event: Record<string, unknown>) => ({
          ...event,
          type: 'jd.made',
          label: event.title,
          title: undefined,
        })) as never,
      },
      requests: { createJd: (body) => rename('label', 'title')(body as Record<string, unknown>) },
    },
  },
  { version: '2026-11-25', summary: 'C' },
];

describe('shaping for a version', () => {
  afterEach(() => setApiVersions(undefined));

  it('takes an answer back one version at a time, newest change first, and not at all for the current version', () => {
    setApiVersions(versions);
    const answer = { success: true, data: { id: 'jd-1', title: 'Staff Engineer' } };
    expect(shapeAnswer('2026-11-25', 'getJd', answer)).toEqual({ answer, served: '2026-11-25' });
    expect(shapeAnswer('2026-06-01', 'getJd', answer).answer.data).toEqual({
      id: 'jd-1',
      label: 'Staff Engineer',
    });
    expect(shapeAnswer('2026-01-01', 'getJd', answer)).toEqual({
      answer: { success: true, data: { id: 'jd-1', name: 'Staff Engineer' } },
      served: '2026-01-01',
    });
  });

  it('reads an event type as each step left it, so a renamed type keeps its older changes', () => {
    setApiVersions(versions);
    const event = { id: 'evt_1', type: 'jd.created', title: 'Staff Engineer' };
    expect(shapeEvent('2026-06-01', event)).toMatchObject({
      type: 'jd.made',
      label: 'Staff Engineer',
    });
    expect(shapeEvent('2026-01-01', event)).toMatchObject({
      type: 'jd.made',
      name: 'Staff Engineer',
    });
  });

  it("upgrades a request body from its version's shape to the newest, oldest change first", () => {
    setApiVersions(versions);
    expect(upgradeRequest('2026-01-01', 'createJd', { name: 'Staff Engineer' })).toEqual({
      title: 'Staff Engineer',
    });
    expect(upgradeRequest('2026-11-25', 'createJd', { title: 'x' })).toEqual({ title: 'x' });
  });

  it('shapes a replayed answer from the version it was recorded in, and serves it as recorded when that is older than asked', () => {
    setApiVersions(versions);
    const recordedInB = { success: true, data: { id: 'jd-1', label: 'Staff Engineer' } };
    expect(shapeAnswer('2026-01-01', 'getJd', recordedInB, '2026-06-01').answer.data).toEqual({
      id: 'jd-1',
      name: 'Staff Engineer',
    });
    expect(shapeAnswer('2026-11-25', 'getJd', recordedInB, '2026-06-01')).toEqual({
      answer: recordedInB,
      served: '2026-06-01',
    });
  });

  it('serves an unknown pin the nearest version, and names a deprecated one with Deprecation, Sunset and Link', () => {
    setApiVersions(versions);
    expect(servedVersion(undefined, '2025-01-01')).toBe('2026-01-01');
    expect(servedVersion(undefined, '2030-01-01')).toBe('2026-11-25');
    expect(servedVersion(undefined, undefined)).toBe('2026-11-25');
    expect(() => servedVersion('2026-02-30', undefined)).toThrow(/not a version of this API/);
    expect(preferredVersion('nonsense', { apiVersion: '2026-06-01' })).toBe('2026-06-01');
    expect(preferredVersion('2026-01-01', undefined)).toBe('2026-01-01');
    expect(preferredVersion(undefined, undefined)).toBe('2026-11-25');
    expect(versionHeaders('2026-06-01')).toEqual({
      'Hiring-Version': '2026-06-01',
      Deprecation: '@1780272000',
      Sunset: 'Tue, 01 Jun 2027 00:00:00 GMT',
      Link: '<https://x/b>; rel="deprecation"; type="text/html"',
    });
    expect(versionHeaders('2026-11-25')).toEqual({ 'Hiring-Version': '2026-11-25' });
  });
});

describe('the version table’s route names', () => {
  it('names only routes of the route table (lib/versions does not import it, so the names are checked here)', () => {
    const named = API_VERSIONS.flatMap((version) => [
      ...Object.keys(version.changes?.answers ?? {}),
      ...Object.keys(version.changes?.requests ?? {}),
    ]);
    const routes = Object.keys(ROUTES);

    expect(named.filter((name) => !routes.includes(name))).toEqual([]);
    expect(routes).toEqual(expect.arrayContaining(['listEvents', 'getEvent']));
  });
});
