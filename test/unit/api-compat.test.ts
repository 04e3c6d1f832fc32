import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_VERSIONS, type ApiVersion } from '../../lib/versions/table.js';
import { compatibilityVerdict, opticDiff } from '../../scripts/local/compatibility.js';

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

const removedResponseField = edited((schemas) => {
  delete schemas.JdSummary?.properties.type;
  schemas.JdSummary?.required.splice(schemas.JdSummary.required.indexOf('type'), 1);
});
const newlyRequiredRequestField = edited((schemas) => {
  schemas.CreateJdRequest?.required.push('location');
});
const addedResponseField = edited((schemas) => {
  (schemas.JdSummary as Schema).properties.externalId = { type: 'string', maxLength: 64 };
});

/** A version after the released one, and the released one taking its shapes back. */
const NEXT = '2099-01-01';
const withNewVersion = (changes: ApiVersion['changes']): ApiVersion[] => [
  { version: RELEASED, summary: 'released', changes },
  { version: NEXT, summary: 'next' },
];

// Optic takes seconds a document pair, more on a busy machine.
describe('the compatibility check', { timeout: 120_000 }, () => {
  // The three pairs are compared at once.
  const diffs = Promise.all(
    [removedResponseField, newlyRequiredRequestField, addedResponseField].map((document) =>
      opticDiff(released, document),
    ),
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

  it('lets a breaking change through only as a new version whose predecessor declares its transformation', async () => {
    const [removed] = await diffs;
    const takeTypeBack = withNewVersion({
      answers: { listJds: (answer) => answer },
    });
    expect(compatibilityVerdict(removed!, RELEASED, takeTypeBack).ok).toBe(true);
    expect(compatibilityVerdict(removed!, RELEASED, withNewVersion(undefined)).ok).toBe(false);
    expect(compatibilityVerdict(removed!, RELEASED, withNewVersion({})).ok).toBe(false);
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
