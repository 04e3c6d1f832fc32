import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  API_VERSION,
  type ErrorCode,
  type EventType,
  HiringApiError,
  HiringClient,
  verifyWebhook,
} from '../src/index.js';

/**
 * What the compatibility promise allows the API to add without a new version (docs/api.md): a property
 * in an answer, an event type, an error code. The client passes each through, neither failing nor
 * dropping it; these answers come from a stub, as from a deployment newer than the client.
 */
const at = '2026-11-24T09:30:00.000Z';
const rateLimit = {
  'RateLimit-Limit': '1000',
  'RateLimit-Remaining': '999',
  'RateLimit-Reset': '60',
};

function clientAnswering(
  status: number,
  body: unknown,
  sent: Headers[] = [],
  options: { apiVersion?: string | null } = {},
): HiringClient {
  const stub: typeof fetch = async (_input, init) => {
    sent.push(new Headers(init?.headers));
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...rateLimit },
    });
  };
  return new HiringClient({
    baseUrl: 'https://hiring.example.com/api/v1',
    apiKey: 'hk_live_0000000000000000000000000000000000',
    fetch: stub,
    maxRetries: 0,
    ...options,
  });
}

const unknownEvent = {
  id: 'evt_01KAT0Q7X1Y2Z3A4B5C6D7E8F9',
  type: 'application.reviewed',
  createdAt: at,
  data: { id: 'app-1', outcome: 'confirmed', updatedAt: at },
};

describe('the version the client asks for', () => {
  it("is the one its types describe, the published document's, unless told another or none", async () => {
    const document = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
    ) as { info: { version: string } };
    expect(API_VERSION).toBe(document.info.version);
    const whoami = { success: true, data: {} };
    const sent: Headers[] = [];
    await clientAnswering(200, whoami, sent).whoami();
    await clientAnswering(200, whoami, sent, { apiVersion: '2027-01-01' }).whoami();
    await clientAnswering(200, whoami, sent, { apiVersion: null }).whoami();
    expect(sent.map((headers) => headers.get('hiring-version'))).toEqual([
      API_VERSION,
      '2027-01-01',
      null,
    ]);
  });
});

describe('the client, against an API newer than itself', () => {
  it('returns an answer with a property it does not know, the property kept', async () => {
    const jd = {
      id: 'jd-1',
      title: 'Senior Backend Engineer, Payments Platform',
      status: 'DRAFT',
      description: 'Owns the ledger.',
      type: 'Full-time',
      createdAt: at,
      updatedAt: at,
      applications: [],
      hiringTeam: 'payments-platform',
    };
    const answer = await clientAnswering(200, { success: true, data: jd }).jds.get('jd-1');
    expect(answer.data).toMatchObject({ id: 'jd-1', title: jd.title });
    expect((answer.data as unknown as Record<string, unknown>).hiringTeam).toBe(
      'payments-platform',
    );
  });

  it('yields an event of a type it does not know from the log, unchanged', async () => {
    const client = clientAnswering(200, {
      success: true,
      data: [unknownEvent],
      pagination: { limit: 100, hasMore: false },
    });
    const types: EventType[] = ['application.reviewed'];
    const page = await client.events.list({ type: types.join(',') });
    expect(page.data).toEqual([unknownEvent]);
  });

  it('verifies a webhook delivery of an event type it does not know', () => {
    const secret = `whsec_${Buffer.from('a-signing-secret-of-32-bytes-len').toString('base64')}`;
    const body = JSON.stringify(unknownEvent);
    const sentAt = new Date();
    const headers = {
      'webhook-id': unknownEvent.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(unknownEvent.id, sentAt, body),
    };
    const event = verifyWebhook(secret, headers, body);
    expect(event).toEqual(unknownEvent);
    // A handler's switch reaches its default branch for it.
    const handled = ((): string => {
      switch (event.type) {
        case 'jd.created':
          return event.data.title;
        default:
          return `ignored ${event.type}`;
      }
    })();
    expect(handled).toBe('ignored application.reviewed');
  });

  it('raises an error with a code it does not know, the code kept and the status to act on', async () => {
    const code: ErrorCode = 'review_limit_reached';
    const failure = await clientAnswering(409, {
      success: false,
      error: 'This application already has 100 reviews',
      code,
    })
      .jds.get('jd-1')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HiringApiError);
    expect(failure).toMatchObject({ status: 409, code: 'review_limit_reached' });
  });
});

describe('following the event log', () => {
  it('polls a deployment from before the long-poll, which refuses `wait`, instead of failing', async () => {
    const asked: string[] = [];
    const stub: typeof fetch = async (input) => {
      const url = String(input);
      asked.push(url);
      const answer = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json', ...rateLimit },
        });
      if (url.includes('wait='))
        return answer(400, {
          success: false,
          error: 'wait: unknown parameter',
          code: 'validation_failed',
          details: [{ field: 'wait', rule: 'unrecognized_keys', message: 'is not taken' }],
        });
      const first = asked.length === 1;
      return answer(200, {
        success: true,
        data: first
          ? [{ ...unknownEvent, type: 'jd.deleted', data: { id: 'jd-1', updatedAt: at } }]
          : [],
        pagination: { limit: 100, hasMore: false },
      });
    };
    const client = new HiringClient({
      baseUrl: 'https://hiring.example.com/api/v1',
      apiKey: 'hk_live_0000000000000000000000000000000000',
      fetch: stub,
      maxRetries: 0,
    });
    const stop = new AbortController();
    const seen: string[] = [];
    const following = (async () => {
      for await (const { event } of client.events.follow({
        pollIntervalMs: 5,
        signal: stop.signal,
      }))
        seen.push(event.type);
    })();
    while (asked.length < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    stop.abort();
    await following;
    expect(seen).toEqual(['jd.deleted']);
    // The first look at the end asked to wait, was refused, and every look after it polls.
    expect(asked[1]).toContain('wait=20');
    expect(asked.slice(2).every((url) => !url.includes('wait='))).toBe(true);
  });
});
