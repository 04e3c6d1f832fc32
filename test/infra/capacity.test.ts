import { isAppFunction } from '../helpers/templates.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  capacityReport,
  dispatcherPerShard,
  functionsOf,
  DEFAULT_MIX,
  sharedLimits,
  tenantsAt,
  WORK,
} from '../../scripts/capacity/model.js';
import { prodAppTemplate } from '../../scripts/capacity.js';
import { DISPATCHER_EVENT_SOURCE } from '../../lib/composition/dispatcher.js';

/** The capacity model (npm run capacity) held to the templates it reads, and to the runbook's copy. */
const { template, cleanup } = prodAppTemplate();
afterAll(cleanup);

describe('the capacity model', () => {
  it('has a place for every function of prod, and refuses one it does not know', () => {
    const functions = functionsOf(template);
    const withoutPlace = structuredClone(template);
    withoutPlace.Resources.Reporter = {
      Type: 'AWS::Lambda::Function',
      Metadata: { 'hiring:function': 'nightly-report' },
      Properties: { Timeout: 60 },
    };

    expect(functions.length).toBe(Object.values(template.Resources).filter(isAppFunction).length);
    expect(new Set(functions.map((fn) => fn.kind))).toEqual(
      new Set([
        'authorizer',
        'route',
        'long-poll',
        'product-events',
        'dispatcher',
        'deliveries',
        'stream',
        'request-log',
      ]),
    );
    expect(() => functionsOf(withoutPlace)).toThrow(
      'The capacity model has no place for function nightly-report',
    );
  });

  it('reads its capacities from the template: the reservations, the stage’s throttle, the consumers’ concurrency, the wait ceiling', () => {
    const limits = sharedLimits(template);
    const capacity = (start: string) =>
      limits.find((limit) => limit.what.startsWith(start))?.capacity;
    const stage = Object.values(template.Resources).find(
      (r) => r.Type === 'AWS::ApiGatewayV2::Stage' && r.Properties?.StageName === '$default',
    );

    expect(capacity('Lambda: the account’s unreserved')).toBe(1_000 - 100 - 200 - 100);
    expect(capacity('Lambda: the authorizer’s')).toBe(100);
    expect(capacity('Lambda: the event stream function’s')).toBe(100);
    expect(capacity('Waiting listeners')).toBe(180);
    expect(capacity('API Gateway: the stage’s throttle')).toBe(
      (stage?.Properties?.DefaultRouteSettings as { ThrottlingRateLimit: number })
        .ThrottlingRateLimit,
    );
    expect(capacity('The product-events consumer')).toBe((10 * 10) / 0.5);
    // What binds first at 1,000 tenants, and the first limit that refuses work, as the runbook says.
    const sorted = [...limits].sort((a, b) => tenantsAt(a) - tenantsAt(b));
    expect(sorted[0]?.what).toMatch(/^API Gateway: the stage’s throttle/);
  });

  it('refuses reservations the account cannot hold: Lambda keeps 100 of its 1,000 unreserved (950 reserved is no capacity of 50, the deploy fails)', () => {
    const reserving = (value: number) => {
      const changed = structuredClone(template);
      const longPoll = Object.values(changed.Resources).find(
        (r) =>
          r.Type === 'AWS::Lambda::Function' && r.Metadata?.['hiring:function'] === 'list-events',
      );
      (longPoll?.Properties as Record<string, unknown>).ReservedConcurrentExecutions = value;
      return changed;
    };
    const unreserved = (changed: typeof template) =>
      sharedLimits(changed).find((limit) =>
        limit.what.startsWith('Lambda: the account’s unreserved'),
      )?.capacity;

    expect(unreserved(reserving(700))).toBe(100);
    expect(() => sharedLimits(reserving(750))).toThrow(
      "The functions reserve 950 of the account's 1,000 concurrent executions (authorizer 100, list-events 750, event-stream 100): Lambda keeps 100 unreserved",
    );
  });

  it('counts a listener on the event stream in no Lambda concurrency and no wait, only in messages and in the log’s reads and writes', () => {
    const few = sharedLimits(template, { ...DEFAULT_MIX, streamListeners: 1 });
    const many = sharedLimits(template, { ...DEFAULT_MIX, streamListeners: 1_000 });
    const taken = (limits: typeof few, start: string) =>
      limits.find((limit) => limit.what.startsWith(start))?.perTenant;

    for (const held of [
      'Lambda: the account’s unreserved',
      'Lambda: the authorizer’s',
      'Waiting listeners',
    ])
      expect(taken(many, held), held).toBe(taken(few, held));
    for (const grows of [
      'API Gateway: the account',
      'DynamoDB: the table’s reads',
      'DynamoDB: the table’s writes',
    ])
      expect(taken(many, grows), grows).toBeGreaterThan(taken(few, grows) as number);
  });

  it('holds a mass reconnect to the clients’ window: both wait the same 30 s, and 10,000 tenants come back under 80% of 500 a second', () => {
    const python = readFileSync(
      join(
        import.meta.dirname,
        '..',
        '..',
        'clients',
        'python',
        'src',
        'hiring_integration',
        'stream.py',
      ),
      'utf8',
    );
    const massReconnect = sharedLimits(template).find((limit) =>
      limit.what.includes('drops at once'),
    );

    expect(Number(/^RECONNECT_WINDOW = ([\d.]+)$/m.exec(python)?.[1])).toBe(
      WORK.streamReconnectWindowSeconds,
    );
    expect(massReconnect?.capacity).toBe(500);
    expect(
      tenantsAt(massReconnect as NonNullable<typeof massReconnect>) * 0.8,
    ).toBeGreaterThanOrEqual(10_000);
  });

  it('holds the dispatcher’s rate per stream shard from its event source (ParallelizationFactor × BatchSize a batch’s time), above the most one key writes', () => {
    const mapping = Object.values(template.Resources).find(
      (r) => r.Type === 'AWS::Lambda::EventSourceMapping' && r.Properties?.FilterCriteria,
    );
    const shard = dispatcherPerShard(template);
    const parallel = structuredClone(template);
    const parallelMapping = Object.values(parallel.Resources).find(
      (r) => r.Type === 'AWS::Lambda::EventSourceMapping' && r.Properties?.FilterCriteria,
    );
    (parallelMapping?.Properties as Record<string, unknown>).ParallelizationFactor = 1;

    expect(shard.batchSize).toBe(mapping?.Properties?.BatchSize);
    expect(shard.parallelizationFactor).toBe(mapping?.Properties?.ParallelizationFactor ?? 1);
    expect(shard.recordsPerSecond).toBe(
      (shard.parallelizationFactor * shard.batchSize) / WORK.dispatcherBatchSeconds,
    );
    expect(shard.parallelizationFactor).toBe(DISPATCHER_EVENT_SOURCE.parallelizationFactor);
    expect(dispatcherPerShard(parallel).recordsPerSecond).toBe(
      shard.recordsPerSecond / shard.parallelizationFactor,
    );
    // One key, every request of its hour a batch of 100 JDs: 27.8 JDs, 55.6 records a second.
    expect(shard.oneKeyJdsPerSecond).toBeCloseTo(27.8, 1);
    expect(shard.recordsPerSecond).toBeGreaterThan(shard.oneKeyRecordsPerSecond);
  });

  it('is what docs/operations.md shows (run `npm run capacity` and paste it there when it changes)', () => {
    const runbook = readFileSync(
      join(import.meta.dirname, '..', '..', 'docs', 'operations.md'),
      'utf8',
    );
    const shown = runbook
      .slice(
        runbook.indexOf('<!-- npm run capacity -->') + '<!-- npm run capacity -->'.length,
        runbook.indexOf('<!-- end of npm run capacity -->'),
      )
      .trim();

    expect(shown).toBe(capacityReport(template).trim());
  });
});
