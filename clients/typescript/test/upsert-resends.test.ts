import { describe, expect, it } from 'vitest';
import { HiringClient, type UpsertResult } from '../src/index.js';

/** Each answer of POST /jds/batch in turn, as a fake server: what each request sent, and its key. */
function fakeBatches(answers: UpsertResult[][]) {
  const sent: { externalIds: string[]; key: string | null }[] = [];
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    const { items } = JSON.parse(String(init?.body)) as { items: { externalId: string }[] };
    sent.push({
      externalIds: items.map((item) => item.externalId),
      key: new Headers(init?.headers).get('Idempotency-Key'),
    });
    const data = answers.shift();
    if (!data) throw new Error('no answer left');
    return new Response(JSON.stringify({ success: true, data }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { sent, fetch };
}

const upserted = (externalId: string, outcome: 'created' | 'updated'): UpsertResult => ({
  externalId,
  id: `jd-${externalId}`,
  outcome,
});
const failed = (
  externalId: string,
  status: number,
  code: 'unavailable' | 'concurrent_change' | 'validation_failed',
): UpsertResult => ({ externalId, error: { status, code, message: 'again' } });
const items = Array.from({ length: 4 }, (_, n) => ({
  externalId: `REQ-${n}`,
  title: `Engineer ${n}`,
  description: 'Runs the pipelines.',
  createdById: 'ats',
}));
const outcomes = (results: UpsertResult[]) =>
  results.map((result) => ('error' in result ? result.error.code : result.outcome));

describe('upsertMany sends again the items that answered 503 unavailable or 409 concurrent_change', () => {
  it('resends only those, by themselves, before it reports: each item its last answer, in the order given', async () => {
    const { sent, fetch } = fakeBatches([
      [
        upserted('REQ-0', 'created'),
        failed('REQ-1', 503, 'unavailable'),
        failed('REQ-2', 409, 'concurrent_change'),
        failed('REQ-3', 400, 'validation_failed'),
      ],
      [upserted('REQ-1', 'created'), failed('REQ-2', 503, 'unavailable')],
      [upserted('REQ-2', 'updated')],
    ]);
    const client = new HiringClient({
      baseUrl: 'http://api.test/api/v1',
      apiKey: 'hk_test_x',
      fetch,
      retryBaseMs: 1,
    });

    const results = await client.jds.upsertMany(items, { idempotencyKey: 'push-1' });

    expect(sent).toEqual([
      { externalIds: ['REQ-0', 'REQ-1', 'REQ-2', 'REQ-3'], key: 'push-1-0' },
      { externalIds: ['REQ-1', 'REQ-2'], key: 'push-1-0-r1' },
      { externalIds: ['REQ-2'], key: 'push-1-0-r2' },
    ]);
    expect(results.map((result) => result.externalId)).toEqual([
      'REQ-0',
      'REQ-1',
      'REQ-2',
      'REQ-3',
    ]);
    expect(outcomes(results)).toEqual(['created', 'created', 'updated', 'validation_failed']);
  });

  it('gives up after maxRetries resends, with the last answer', async () => {
    const { sent, fetch } = fakeBatches([
      [upserted('REQ-0', 'created'), failed('REQ-1', 503, 'unavailable')],
      [failed('REQ-1', 409, 'concurrent_change')],
    ]);
    const client = new HiringClient({
      baseUrl: 'http://api.test/api/v1',
      apiKey: 'hk_test_x',
      fetch,
      retryBaseMs: 1,
      maxRetries: 1,
    });

    const results = await client.jds.upsertMany(items.slice(0, 2));

    expect(sent).toHaveLength(2);
    expect(outcomes(results)).toEqual(['created', 'concurrent_change']);
  });

  it('hands them back as they answered with retryItems: false', async () => {
    const { sent, fetch } = fakeBatches([
      [upserted('REQ-0', 'created'), failed('REQ-1', 503, 'unavailable')],
    ]);
    const client = new HiringClient({
      baseUrl: 'http://api.test/api/v1',
      apiKey: 'hk_test_x',
      fetch,
      retryBaseMs: 1,
    });

    const results = await client.jds.upsertMany(items.slice(0, 2), { retryItems: false });

    expect(sent).toHaveLength(1);
    expect(outcomes(results)).toEqual(['created', 'unavailable']);
  });
});
