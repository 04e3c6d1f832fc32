import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { currentVersion } from '../../lib/versions/shape.js';
import { answerViolations } from '../helpers/contract.js';

/**
 * The compatibility promise (docs/api.md): answers may gain properties and error codes. A client that
 * validates answers against the published document (Ajv here, as generated validating clients do) must
 * accept them, while the project's own contract checks stay strict about what the code sends today.
 */
const published = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'openapi.json'), 'utf8'),
) as { components: Record<string, unknown> };
const ajv = new Ajv2020({ strict: false });
(addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
ajv.addSchema({ $id: 'doc', components: published.components });
const validatorOf = (name: string) => ajv.getSchema(`doc#/components/schemas/${name}`)!;

const at = '2026-11-24T09:30:00.000Z';
const jdSummary = {
  id: 'jd-01HZX3Q1ABCDEF',
  title: 'Senior Backend Engineer, Payments Platform',
  status: 'PUBLISHED',
  type: 'Full-time',
  createdAt: at,
  updatedAt: at,
};
const listJds = {
  success: true,
  kind: 'page',
  data: [jdSummary],
  pagination: { page: 1, limit: 20, total: 1, pages: 1, hasMore: false },
};

describe('the published document, as a validating client reads it', () => {
  it('accepts an answer with a property added after it was generated, at any depth', () => {
    const listJdsResponse = validatorOf('ListJdsAnswer');
    expect(listJdsResponse(listJds), JSON.stringify(listJdsResponse.errors)).toBe(true);
    expect(
      listJdsResponse({
        ...listJds,
        requestedAt: at,
        data: [{ ...jdSummary, hiringTeam: 'payments-platform' }],
      }),
      JSON.stringify(listJdsResponse.errors),
    ).toBe(true);
  });

  it('accepts an error code added after it was generated, and still lists the codes it knows', () => {
    const error = validatorOf('Error');
    expect(error({ success: false, error: 'Slow down', code: 'quota_exceeded' })).toBe(true);
    expect(error({ success: false, error: 'Something new', code: 'review_limit_reached' })).toBe(
      true,
    );
    expect(
      (published.components.schemas as Record<string, { enum?: string[] }>).ErrorCode?.enum,
    ).toContain('quota_exceeded');
  });

  it('still refuses a request body with a field the API does not take (requests stay closed)', () => {
    const createJd = validatorOf('CreateJdRequest');
    const body = {
      title: 'Staff Engineer',
      description: 'Owns the hiring platform.',
      createdById: 'u-1',
    };
    expect(createJd(body)).toBe(true);
    expect(createJd({ ...body, colour: 'blue' })).toBe(false);
  });
});

describe("the project's own contract check", () => {
  const reply = (body: unknown) => ({
    status: 200,
    headers: {
      'RateLimit-Limit': '1000',
      'RateLimit-Remaining': '999',
      'RateLimit-Reset': '60',
      'Hiring-Version': currentVersion(),
      'Request-Id': 'Kx1aBcDeFgHiJkL=',
    },
    raw: Buffer.from(JSON.stringify(body)),
  });

  it('holds what the code sends today to exactly the documented properties', () => {
    expect(answerViolations('GET', '/jds', reply(listJds))).toEqual([]);
    expect(
      answerViolations(
        'GET',
        '/jds',
        reply({ ...listJds, data: [{ ...jdSummary, hiringTeam: 'payments-platform' }] }),
      ).join('\n'),
    ).toMatch(/must NOT have additional properties/);
  });
});
