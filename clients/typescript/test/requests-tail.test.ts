import { describe, expect, it } from 'vitest';
import { HiringClient, type RequestLogEntry } from '../src/index.js';
import { tailRequests } from '../src/tail.js';
import { tenantWithKey } from '../../../test/helpers/api.js';
import { useLocalStack } from '../../../test/helpers/local-stack.js';
import { waitFor } from '../../../test/helpers/webhooks.js';

const { db, baseUrl } = useLocalStack();

describe('requests --tail (tailRequests)', () => {
  it('shows each new request of the space once, oldest first, with its filters, from the moment it starts', async () => {
    const { tenantId, key: admin } = await tenantWithKey(db(), ['admin']);
    const { key: reader } = await tenantWithKey(db(), ['read'], tenantId);
    const asAdmin = new HiringClient({ baseUrl: baseUrl(), apiKey: admin, retryBaseMs: 20 });
    const asReader = new HiringClient({ baseUrl: baseUrl(), apiKey: reader, retryBaseMs: 20 });
    // Before the tail starts: not shown.
    await asReader.jds.list({ limit: 1 });
    const aborter = new AbortController();
    const everything: RequestLogEntry[] = [];
    const failures: RequestLogEntry[] = [];
    const since = new Date();
    const following = Promise.all([
      tailRequests(asAdmin, {
        since,
        intervalMs: 200,
        signal: aborter.signal,
        onEntry: (entry) => everything.push(entry),
      }),
      tailRequests(asAdmin, {
        since,
        filters: { status: '4xx' },
        intervalMs: 200,
        signal: aborter.signal,
        onEntry: (entry) => failures.push(entry),
      }),
    ]);
    for (const jdId of ['jd-one', 'jd-two', 'jd-three'])
      await expect(asReader.jds.get(jdId)).rejects.toMatchObject({ status: 404 });
    await asReader.jds.list({ limit: 2 });
    await waitFor(
      () => everything.filter((entry) => entry.route?.startsWith('GET /jds') ?? false).length >= 4,
      10_000,
      'the four requests tailed',
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    aborter.abort();
    await following;

    const reads = everything.filter((entry) => entry.keyName === 'key read');
    expect(reads.map((entry) => entry.route)).toEqual([
      'GET /jds/{jdId}',
      'GET /jds/{jdId}',
      'GET /jds/{jdId}',
      'GET /jds',
    ]);
    expect(new Set(everything.map((entry) => entry.requestId)).size).toBe(everything.length);
    expect(reads.every((entry) => Date.parse(entry.time) >= since.getTime())).toBe(true);
    expect(failures.map((entry) => [entry.status, entry.code])).toEqual([
      [404, 'not_found'],
      [404, 'not_found'],
      [404, 'not_found'],
    ]);
    expect(failures.map((entry) => entry.requestId)).toEqual(
      reads.filter((entry) => entry.status === 404).map((entry) => entry.requestId),
    );
  });
});
