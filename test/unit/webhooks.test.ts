import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_WEBHOOK_RETRY_SCHEDULE,
  FUNCTION_TIMEOUT_MS,
  webhookRetrySchedule,
} from '../../lib/config.js';
import type { Db } from '../../lib/db/client.js';
import type { RetryStrategyV2 } from '@smithy/types';
import { createDb, DYNAMODB_CALL_LIMITS } from '../../lib/db/client.js';
import {
  type DeliveryMessage,
  delaySecondsOf,
  MAX_DELAY_SECONDS,
} from '../../lib/webhooks/queue.js';
import { deliveryHeaders, newWebhookSecret } from '../../lib/webhooks/signing.js';
import { addressProblem, parseWebhookUrl } from '../../lib/webhooks/url-safety.js';
import { work } from '../../lib/webhooks/worker.js';
import { subscribes } from '../../lib/webhooks/model.js';

afterEach(() => {
  delete process.env.WEBHOOK_RETRY_SCHEDULE;
});

describe('signing (Standard Webhooks)', () => {
  it('signs so that the standardwebhooks library verifies with either secret during a rotation, and with no other', () => {
    const [oldSecret, newSecret, stranger] = [
      newWebhookSecret(),
      newWebhookSecret(),
      newWebhookSecret(),
    ];
    const body = JSON.stringify({ id: 'evt_1', type: 'jd.created', data: { title: 'Café ☕' } });
    const headers = deliveryHeaders([newSecret, oldSecret], 'evt_1', body, new Date());

    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(newSecret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(stranger).verify(body, headers)).toThrow();
    expect(() => new Webhook(newSecret).verify(body.replace('Café', 'Cafe'), headers)).toThrow();
  });

  it('makes a timestamp the verifier refuses once it is older than its tolerance (5 minutes)', () => {
    const secret = newWebhookSecret();
    const headers = deliveryHeaders([secret], 'evt_1', '{}', new Date(Date.now() - 10 * 60_000));

    expect(() => new Webhook(secret).verify('{}', headers)).toThrow(/timestamp/i);
  });
});

describe('webhook addresses', () => {
  it.each([
    ['93.184.215.14', undefined],
    ['2606:4700:4700::1111', undefined],
    ['10.20.30.40', 'private, link-local or reserved'],
    ['172.31.255.255', 'private, link-local or reserved'],
    ['100.100.100.200', 'private, link-local or reserved'],
    ['169.254.169.254', 'private, link-local or reserved'],
    ['::ffff:169.254.169.254', 'private, link-local or reserved'],
    ['::ffff:a9fe:a9fe', 'private, link-local or reserved'],
    ['64:ff9b::a9fe:a9fe', 'private, link-local or reserved'],
    ['64:ff9b::10.0.0.1', 'private, link-local or reserved'],
    ['fd00:ec2::254', 'private, link-local or reserved'],
    ['ff02::1', 'private, link-local or reserved'],
    ['0.0.0.0', 'private, link-local or reserved'],
    ['::', 'private, link-local or reserved'],
    ['127.0.0.1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    // Transition ranges that carry an IPv4 address (here the metadata service's).
    ['64:ff9b:1::a9fe:a9fe', 'private, link-local or reserved'], // local-use NAT64
    ['2002:a9fe:a9fe::1', 'private, link-local or reserved'], // 6to4
    ['::ffff:0:a9fe:a9fe', 'private, link-local or reserved'], // SIIT
    ['2001:0:4136:e378:8000:63bf:5601:5601', 'private, link-local or reserved'], // Teredo
    // IPv4-compatible (::/96, deprecated): refused whole, naming the IPv4 address's own problem.
    ['::a00:1', 'private, link-local or reserved address (10.0.0.0/8'],
    ['::10.0.0.1', 'private, link-local or reserved address (10.0.0.0/8'],
    ['::a9fe:a9fe', 'private, link-local or reserved address (169.254.0.0/16'],
    ['::7f00:1', 'loopback'],
    ['::5db8:d70e', 'private, link-local or reserved address (::/96: IPv4-compatible'],
    // ISATAP interface ids under a public prefix carry an IPv4 address too.
    ['2600:1f18::5efe:a00:1', 'private, link-local or reserved address (10.0.0.0/8'],
    ['2600:1f18::200:5efe:a9fe:a9fe', 'private, link-local or reserved address (169.254.0.0/16'],
    ['2600:1f18::5efe:5db8:d70e', undefined],
    // IANA's special-purpose registries, beyond the familiar ranges.
    ['192.88.99.1', 'private, link-local or reserved'], // 6to4 relay anycast (deprecated)
    ['fec0::1', 'private, link-local or reserved'], // site-local (deprecated)
    ['3fff::1', 'private, link-local or reserved'], // documentation (RFC 9637)
    ['5f00::1', 'private, link-local or reserved'], // SRv6 SIDs (RFC 9602)
    ['2001:2::1', 'private, link-local or reserved'], // benchmarking
    ['2001:10::1', 'private, link-local or reserved'], // ORCHID (deprecated)
    ['2001:20::1', 'private, link-local or reserved'], // ORCHIDv2
    ['198.18.0.1', 'private, link-local or reserved'], // benchmarking
    ['192.31.196.1', 'private, link-local or reserved'], // AS112
    ['255.255.255.255', 'private, link-local or reserved'],
    // NAT64's prefix is a registry entry of its own, refused whole: no webhook goes through a
    // translator, even to a public IPv4 address.
    ['64:ff9b::5db8:d70e', 'private, link-local or reserved address (64:ff9b::/96'],
    ['100:0:0:1::1', 'reserved address (100:0:0:1::/64: Dummy IPv6 Prefix)'],
    ['93.184.215.14', undefined],
    ['2606:4700:4700::1111', undefined],
  ])('%s: %s', (address, problem) => {
    const found = addressProblem(address, { allowLocal: false });

    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });

  it('allows only ports 443 and 8443 outside the local stack', () => {
    expect(parseWebhookUrl('https://hooks.example.com/in', { allowLocal: false }).port).toBe('');
    expect(parseWebhookUrl('https://hooks.example.com:8443/in', { allowLocal: false }).port).toBe(
      '8443',
    );
    expect(() => parseWebhookUrl('https://hooks.example.com:22/in', { allowLocal: false })).toThrow(
      'url: the port must be 443 or 8443',
    );
    expect(() =>
      parseWebhookUrl('https://hooks.example.com:6379/in', { allowLocal: false }),
    ).toThrow('url: the port must be 443 or 8443');
    expect(parseWebhookUrl('http://localhost:4000/in', { allowLocal: true }).port).toBe('4000');
  });

  it('allows loopback, and nothing else private, on the local stack', () => {
    expect(addressProblem('127.0.0.1', { allowLocal: true })).toBeUndefined();
    expect(addressProblem('::1', { allowLocal: true })).toBeUndefined();
    expect(addressProblem('169.254.169.254', { allowLocal: true })).toContain('link-local');
    expect(addressProblem('192.168.0.10', { allowLocal: true })).toContain('private');
  });
});

describe('retry schedule and delays', () => {
  it('follows the Standard Webhooks schedule unless WEBHOOK_RETRY_SCHEDULE says otherwise, and refuses a bad one', () => {
    expect(webhookRetrySchedule()).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(
      DEFAULT_WEBHOOK_RETRY_SCHEDULE.reduce((sum, seconds) => sum + seconds, 0) / 86_400,
    ).toBeCloseTo(3.1, 1);
    process.env.WEBHOOK_RETRY_SCHEDULE = '0.5, 2,10';
    expect(webhookRetrySchedule()).toEqual([0.5, 2, 10]);
    process.env.WEBHOOK_RETRY_SCHEDULE = '5,soon';
    expect(() => webhookRetrySchedule()).toThrow(
      'WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds',
    );
  });

  it('delays one queue message at most 15 minutes (SQS), in whole seconds', () => {
    expect([0, 1, 5_000, 299_001, 7_200_000].map(delaySecondsOf)).toEqual([
      0,
      1,
      5,
      300,
      MAX_DELAY_SECONDS,
    ]);
    expect(MAX_DELAY_SECONDS).toBe(900);
  });

  it('puts back a message that arrives before its time for the rest of its wait, without reading the table', async () => {
    const sent: { message: DeliveryMessage; delayMs: number }[] = [];
    const now = new Date('2026-11-22T10:00:00Z');
    const message: DeliveryMessage = {
      kind: 'deliver',
      tenantId: 't',
      webhookId: 'w',
      eventId: 'e',
      id: 'auto:4',
      retry: 4,
      trigger: 'automatic',
      notBefore: now.getTime() + 2 * 3_600_000,
    };
    const noTable = new Proxy(
      {},
      {
        get: () => {
          throw new Error('the table was read');
        },
      },
    ) as Db;

    const outcome = await work(noTable, message, 'm-1', {
      queue: { send: async (entries) => void sent.push(...entries) },
      now: () => now,
    });

    expect(outcome).toBe('postponed');
    expect(sent).toEqual([{ message, delayMs: 2 * 3_600_000 }]);
  });
});

describe('a DynamoDB call’s limits', () => {
  it('caps every back-off the SDK waits before a retry, throttling included, and stops after the last attempt', async () => {
    const configured = createDb({ endpoint: 'http://127.0.0.1:1', tableName: 'unit' }).baseClient
      .config.retryStrategy;
    const strategy = (
      typeof configured === 'function' ? await configured() : configured
    ) as RetryStrategyV2;
    for (const errorType of ['TRANSIENT', 'THROTTLING'] as const) {
      let token = await strategy.acquireInitialRetryToken('dynamodb');
      const delays: number[] = [];
      for (let retry = 1; retry < DYNAMODB_CALL_LIMITS.maxAttempts; retry++) {
        token = await strategy.refreshRetryTokenForRetry(token, { errorType });
        delays.push(token.getRetryDelay());
      }
      expect(
        delays.every((delay) => delay <= DYNAMODB_CALL_LIMITS.maxBackoffMs),
        `${errorType}: ${delays}`,
      ).toBe(true);
      await expect(strategy.refreshRetryTokenForRetry(token, { errorType })).rejects.toBeDefined();
    }
  });

  it('ends inside the function’s timeout at worst: every attempt timing out, every back-off at its cap', () => {
    const { maxAttempts, connectionTimeoutMs, requestTimeoutMs, maxBackoffMs } =
      DYNAMODB_CALL_LIMITS;
    const longestCall =
      maxAttempts * (connectionTimeoutMs + requestTimeoutMs) + (maxAttempts - 1) * maxBackoffMs;

    expect(longestCall).toBeLessThan(FUNCTION_TIMEOUT_MS);
  });
});

describe('what an endpoint receives', () => {
  it('the types it subscribes to, and a test space’s test.reset whatever it subscribes to', () => {
    const scoredOnly = { events: ['application.scored' as const] };

    expect(subscribes(scoredOnly, 'application.scored')).toBe(true);
    expect(subscribes(scoredOnly, 'jd.created')).toBe(false);
    expect(subscribes(scoredOnly, 'test.reset')).toBe(true);
    expect(subscribes({ events: ['*'] }, 'jd.created')).toBe(true);
  });
});
