import { describe, expect, it } from 'vitest';
import { FIRST_VERSION } from '../../lib/versions/first.js';
import { answerViolations, deliveryViolations } from '../helpers/contract.js';

const headers = {
  'RateLimit-Limit': '1000',
  'RateLimit-Remaining': '999',
  'RateLimit-Reset': '60',
  'Hiring-Version': FIRST_VERSION,
  'Request-Id': 'Kx1aBcDeFgHiJkL=',
};
const reply = (status: number, body: unknown, extra: Record<string, string> = headers) => ({
  status,
  headers: extra,
  raw: Buffer.from(JSON.stringify(body)),
});
const quota = { limit: 1000, used: 1, remaining: 999, resetAt: '2026-11-24T01:00:00.000Z' };
const whoami = {
  success: true,
  data: {
    tenantId: 't-1',
    keyId: 'k-1',
    name: 'ATS sync',
    scopes: ['read'],
    apiVersion: FIRST_VERSION,
    mode: 'live',
    blind: false,
    quota,
  },
};

describe('the contract check every suite answer goes through (test/helpers/contract.ts)', () => {
  it('accepts an answer the document describes, and names each way another one departs from it', () => {
    expect(answerViolations('GET', '/whoami', reply(200, whoami))).toEqual([]);

    expect(
      answerViolations(
        'GET',
        '/whoami',
        reply(200, { ...whoami, data: { ...whoami.data, extra: 1 } }),
      ).join(),
    ).toContain('must NOT have additional properties');
    expect(
      answerViolations(
        'GET',
        '/whoami',
        reply(409, { success: false, error: 'x', code: 'conflict' }),
      ),
    ).toEqual([
      'whoami 409: status not declared (declared: 200, 400, 401, 403, 422, 429, 500, 503)',
    ]);
    expect(answerViolations('GET', '/whoami', reply(200, whoami, {}))).toEqual([
      'whoami 200: no RateLimit-Limit header',
      'whoami 200: no RateLimit-Remaining header',
      'whoami 200: no RateLimit-Reset header',
      'whoami 200: no Request-Id header',
      'whoami 200: no Hiring-Version header',
    ]);
    expect(
      answerViolations(
        'GET',
        '/jds/jd-1',
        reply(404, { success: false, error: 'JD jd-1 not found', code: 'no_such_code' }),
      ).join(),
    ).toContain('must be equal to one of the allowed values');
    // API Gateway's own answers, as documented, on the statuses it sends them with.
    expect(
      answerViolations('GET', '/whoami', reply(500, { message: 'Internal Server Error' }, {})),
    ).toEqual([]);
    expect(answerViolations('GET', '/whoami', reply(403, { message: 'Forbidden' }, {}))).toEqual(
      [],
    );
  });

  it('holds every webhook delivery to its event type in the webhooks section, headers included', () => {
    const event = {
      id: 'evt_01M85GAQJ3167SC7WY8K98WERB',
      type: 'jd.created',
      createdAt: '2026-11-24T01:00:00.000Z',
      data: { id: 'jd-1', title: 'T', status: 'DRAFT', updatedAt: '2026-11-24T01:00:00.000Z' },
    };
    const signed = {
      'webhook-id': event.id,
      'webhook-timestamp': '1795482000',
      'webhook-signature': 'v1,abc=',
    };

    expect(deliveryViolations(signed, JSON.stringify(event))).toEqual([]);
    expect(deliveryViolations({}, JSON.stringify(event))).toEqual([
      'webhook jd.created: no webhook-id header',
      'webhook jd.created: no webhook-timestamp header',
      'webhook jd.created: no webhook-signature header',
    ]);
    expect(
      deliveryViolations(
        signed,
        JSON.stringify({ ...event, data: { ...event.data, status: 'LIVE' } }),
      ).join(),
    ).toContain('/data/status must be equal to one of the allowed values');
    expect(deliveryViolations(signed, JSON.stringify({ ...event, type: 'jd.exploded' }))).toEqual([
      "webhook: event type jd.exploded is not in the document's webhooks",
    ]);
  });
});
