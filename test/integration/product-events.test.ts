/* eslint-disable @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON */
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../lib/db/client.js';
import { readCount } from '../../lib/db/counters.js';
import { getTenant } from '../../lib/db/tenants.js';
import { setSharedDeadLetters } from '../../lib/composition/product-events/dead-letters.js';
import { lambdaContext, loadHandler } from '../../scripts/local/handlers.js';
import {
  deliverLocally,
  type PublishedEvent,
  queueMessageOf,
  summarize,
} from '../../scripts/local/product-bus.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { LOCAL_TEST_TIMEOUTS, newTenantId, storedItems, useTestDb } from '../helpers/db.js';

const db = useTestDb();

const rejectedToDlq: { id: string; reason: string }[] = [];
beforeAll(() =>
  setSharedDeadLetters({
    send: async (message, reason) => void rejectedToDlq.push({ id: message.id, reason }),
  }),
);
afterAll(() => setSharedDeadLetters(undefined));

let sequence = 0;
const event = (
  type: string,
  tenantId: string,
  version: number,
  data: Record<string, unknown>,
): PublishedEvent => ({
  type,
  id: `evt-${(sequence += 1)}`,
  tenantId,
  occurredAt: '2026-11-22T10:00:00.000Z',
  version,
  data,
});
const jd = (id: string, title: string, status = 'PUBLISHED') => ({
  id,
  title,
  description: `${title}, in full`,
  createdById: 'recruiter',
  status,
});
const resume = (id: string, name: string, parseStatus = 'COMPLETED') => ({
  id,
  fileName: `${name.replace(/ /g, '_')}_CV.pdf`,
  parseStatus,
  metadata: {
    name,
    email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
    skills: ['TypeScript'],
  },
});

describe('the product-events consumer (as Lambda runs it, on SQS batches)', () => {
  it('applies each message on its own: an invalid one goes to the dead-letter queue at once, one that must wait is reported for redelivery', async () => {
    const tenantId = newTenantId('consumer');
    const messages = [
      event('jd.upserted', tenantId, 1, jd('jd-1', 'Engineer')),
      event('jd.upserted', tenantId, 1, { id: 'jd-2', description: 'no title' }),
      event('application.upserted', tenantId, 1, {
        id: 'app-1',
        jdId: 'jd-1',
        resumeId: 'not-yet',
      }),
    ].map(queueMessageOf);
    const sqsEvent = {
      Records: [
        ...messages.map((message) => ({
          messageId: message.id,
          body: message.body,
          eventSource: 'aws:sqs',
        })),
        { messageId: 'not-json', body: '{oops', eventSource: 'aws:sqs' },
      ],
    } as unknown as SQSEvent;
    const consumer = await loadHandler('event-consumer');

    const response = (await consumer(
      sqsEvent,
      lambdaContext('event-consumer', 'batch-1', 60_000),
    )) as { batchItemFailures: { itemIdentifier: string }[] };

    expect(response.batchItemFailures).toEqual([{ itemIdentifier: messages[2]?.id }]);
    expect(rejectedToDlq).toEqual([
      { id: messages[1]?.id, reason: 'data.title: is required; data.createdById: is required' },
      { id: 'not-json', reason: 'the message is not JSON' },
    ]);
    expect(
      (
        await callApi('GET', '/jds/jd-1', {
          key: (await tenantWithKey(db(), ['read'], tenantId)).key,
        })
      ).json.data.title,
    ).toBe('Engineer');
  });

  it('creates the tenant an event names for the first time', async () => {
    const tenantId = newTenantId('brand-new');

    await deliverLocally(db(), [
      event('resume.upserted', tenantId, 1, resume('r-1', 'Ada Lovelace')),
    ]);

    expect(await getTenant(db(), tenantId)).toMatchObject({ tenantId });
  });
});

/** A small random generator with a seed, so a failing stream can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('text the product sends', () => {
  it('is refused when it is not well-formed Unicode, in any field or key, by the rule the API holds its bodies to', async () => {
    const tenantId = newTenantId('unicode');
    await deliverLocally(db(), [
      event('jd.upserted', tenantId, 1, jd('jd-1', 'Engineer')),
      event('resume.upserted', tenantId, 1, resume('r-1', 'Ada Lovelace')),
    ]);
    const scored = {
      id: 'app-1',
      jdId: 'jd-1',
      resumeId: 'r-1',
      aiScores: [{ overallScore: 80, summary: 'a\ud800b' }],
    };

    const deliveries = await deliverLocally(db(), [
      event('application.upserted', tenantId, 1, scored),
      event('resume.upserted', tenantId, 2, {
        ...resume('r-1', 'Ada Lovelace'),
        metadata: { 'sk\udfffills': ['Go'] },
      }),
      event('jd.upserted', tenantId, 2, { ...jd('jd-1', 'Engineer'), location: 'Lisbon \ufffd' }),
    ]);

    expect(deliveries.map((delivery) => delivery.outcome)).toEqual([
      {
        outcome: 'rejected',
        reason: 'data.aiScores.0.summary: contains a lone surrogate (not valid Unicode text)',
      },
      {
        outcome: 'rejected',
        reason: 'data.metadata.sk\ufffdills: contains a lone surrogate (not valid Unicode text)',
      },
      { outcome: 'rejected', reason: 'data.location: is not valid UTF-8 (it contains U+FFFD)' },
    ]);
    expect(JSON.stringify(await storedItems(db(), tenantId))).not.toMatch(/\\u(d[89a-f]|fffd)/i);
  });
});

describe('a shuffled, duplicated stream of product events', () => {
  it('ends in exactly the state of each entity’s newest event, for two tenants, whatever the order', async () => {
    const next = random(20261122);
    const stream: PublishedEvent[] = [];
    const expected = new Map<string, any>();
    for (const label of ['a', 'b']) {
      const tenantId = newTenantId(`stream-${label}`);
      const jds = Array.from({ length: 10 }, (_, i) => `jd-${i}`);
      const resumes = Array.from({ length: 20 }, (_, i) => `r-${i}`);
      const deletedJd = 'jd-9';
      const erasedResume = 'r-19';
      const finalJd = new Map<string, any>();
      const finalResume = new Map<string, any>();
      for (const id of jds) {
        for (let v = 1; v <= 3; v++)
          stream.push(
            event(
              'jd.upserted',
              tenantId,
              v,
              jd(id, `${label} ${id} v${v}`, ['DRAFT', 'PUBLISHED', 'CLOSED'][v - 1]),
            ),
          );
        finalJd.set(id, { title: `${label} ${id} v3`, status: 'CLOSED' });
      }
      stream.push(event('jd.deleted', tenantId, 4, { id: deletedJd }));
      finalJd.delete(deletedJd);
      for (const id of resumes) {
        stream.push(
          event('resume.upserted', tenantId, 1, resume(id, `${label} Person ${id}`, 'PROCESSING')),
        );
        stream.push(
          event('resume.upserted', tenantId, 2, resume(id, `${label} Person ${id} Renamed`)),
        );
        finalResume.set(id, { name: `${label} Person ${id} Renamed`, parseStatus: 'COMPLETED' });
      }
      stream.push(event('resume.deleted', tenantId, 3, { id: erasedResume }));
      finalResume.delete(erasedResume);
      const finalApplications = new Map<string, any>();
      for (let i = 0; i < 40; i++) {
        const application = {
          id: `app-${i}`,
          jdId: jds[i % jds.length] as string,
          resumeId: resumes[i % resumes.length] as string,
        };
        const versions = [
          { status: 'SCREENING', aiScores: [] },
          { status: 'SCREENING', aiScores: [{ overallScore: (i * 7) % 100 }] },
          {
            status: i % 2 ? 'SHORTLISTED' : 'REJECTED',
            aiScores: [{ overallScore: (i * 7) % 100 }, { overallScore: (i * 13) % 100 }],
          },
        ];
        versions.forEach((data, v) =>
          stream.push(event('application.upserted', tenantId, v + 1, { ...application, ...data })),
        );
        const deleted = i % 10 === 3;
        if (deleted) stream.push(event('application.deleted', tenantId, 4, { id: application.id }));
        const last = versions[2] as { status: string; aiScores: { overallScore: number }[] };
        if (!deleted && finalJd.has(application.jdId) && finalResume.has(application.resumeId)) {
          finalApplications.set(application.id, {
            ...application,
            status: last.status,
            aiScore: Math.max(...last.aiScores.map((s) => s.overallScore)),
          });
        }
      }
      expected.set(label, {
        tenantId,
        finalJd,
        finalResume,
        finalApplications,
        deletedJd,
        erasedResume,
      });
    }
    // Every event at least once, a fifth of them twice, all in a random order.
    const duplicated = [...stream, ...stream.filter(() => next() < 0.2)];
    const shuffled = duplicated
      .map((e) => ({ e, k: next() }))
      .sort((x, y) => x.k - y.k)
      .map(({ e }) => e);

    const summary = summarize(await deliverLocally(db(), shuffled, { concurrency: 16 }));

    expect(shuffled.length).toBeGreaterThan(400);
    expect(summary.rejected).toEqual([]);
    for (const {
      tenantId,
      finalJd,
      finalResume,
      finalApplications,
      deletedJd,
      erasedResume,
    } of expected.values()) {
      const { key } = await tenantWithKey(db(), ['read'], tenantId);
      const jds = await callApi('GET', '/jds?limit=100', { key });
      expect(
        Object.fromEntries(
          jds.json.data.map((j: any) => [j.id, { title: j.title, status: j.status }]),
        ),
      ).toEqual(Object.fromEntries(finalJd));
      expect(jds.json.pagination.total).toBe(finalJd.size);
      expect((await callApi('GET', `/jds/${deletedJd}`, { key })).status).toBe(404);
      const resumes = await callApi('GET', '/resumes?limit=100', { key });
      expect(resumes.json.data.map((r: any) => [r.id, r.parseStatus]).sort()).toEqual(
        [...finalResume.keys()].map((id) => [id, 'COMPLETED']).sort(),
      );
      expect(resumes.json.pagination.total).toBe(finalResume.size);
      expect((await callApi('GET', `/resumes/${erasedResume}`, { key })).status).toBe(404);
      const shown = new Map<string, any>();
      for (const jdId of finalJd.keys()) {
        for (const match of (await callApi('GET', `/matches/${jdId}`, { key })).json.data) {
          shown.set(match.applicationId, {
            id: match.applicationId,
            jdId,
            resumeId: match.resumeId,
            status: match.status,
            aiScore: match.aiScore,
          });
          expect(match.candidate).toBe(finalResume.get(match.resumeId)?.name);
        }
      }
      expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(finalApplications));
      const candidates = await callApi('GET', '/candidates?limit=100', { key });
      const copies = candidates.json.data.flatMap((c: any) =>
        c.applications.map((a: any) => [a.id, a.jobDescription.title]),
      );
      expect(copies.sort()).toEqual(
        [...finalApplications.values()].map((a) => [a.id, finalJd.get(a.jdId).title]).sort(),
      );
      expect(await readCount(db(), tenantId, 'RESUME')).toBe(finalResume.size);
    }
  }, 120_000);
});

describe('erasure (resume.deleted)', () => {
  it('leaves no trace of the candidate’s name or e-mail in any item of the tenant’s partition', async () => {
    const tenantId = newTenantId('erasure');
    const person = resume('r-7', 'Zelda Quintessa');
    await deliverLocally(db(), [
      ...['jd-1', 'jd-2', 'jd-3'].map((id) =>
        event('jd.upserted', tenantId, 1, jd(id, `Role ${id}`)),
      ),
      event('resume.upserted', tenantId, 1, person),
      ...['jd-1', 'jd-2', 'jd-3'].map((jdId, i) =>
        event('application.upserted', tenantId, 1, {
          id: `app-${i}`,
          jdId,
          resumeId: 'r-7',
          aiScores: [{ overallScore: 80 }],
        }),
      ),
    ]);
    const before = JSON.stringify(await storedItems(db(), tenantId)).toLowerCase();

    const [erased] = await deliverLocally(db(), [
      event('resume.deleted', tenantId, 2, { id: 'r-7' }),
    ]);
    const late = await deliverLocally(db(), [
      event('resume.upserted', tenantId, 1, person),
      event('application.upserted', tenantId, 2, { id: 'app-0', jdId: 'jd-1', resumeId: 'r-7' }),
    ]);

    const after = JSON.stringify(await storedItems(db(), tenantId)).toLowerCase();
    expect(before).toContain('zelda');
    expect(erased?.outcome).toEqual({ outcome: 'applied', created: false });
    expect(late.map((delivery) => delivery.outcome)).toEqual([
      { outcome: 'ignored', reason: 'deleted' },
      { outcome: 'ignored', reason: 'deleted' },
    ]);
    for (const trace of ['zelda', 'quintessa', 'zelda.quintessa@example.com'])
      expect(after).not.toContain(trace);
    expect(await readCount(db(), tenantId, 'RESUME')).toBe(0);
  });
});

describe('bulk import', () => {
  it('keeps totals exact when 300 resumes and JDs are applied 32 at a time', async () => {
    const tenantId = newTenantId('bulk');
    const events = [
      ...Array.from({ length: 100 }, (_, i) =>
        event(
          'jd.upserted',
          tenantId,
          1,
          jd(`jd-${i}`, `Role ${i}`, i % 2 ? 'PUBLISHED' : 'DRAFT'),
        ),
      ),
      ...Array.from({ length: 200 }, (_, i) =>
        event('resume.upserted', tenantId, 1, resume(`r-${i}`, `Person ${i}`)),
      ),
    ];

    const summary = summarize(await deliverLocally(db(), events, { concurrency: 32 }));

    expect(summary).toEqual({ applied: 300, ignored: {}, rejected: [] });
    expect(
      await Promise.all(
        ['total', 'DRAFT', 'PUBLISHED'].map((field) => readCount(db(), tenantId, 'JD', field)),
      ),
    ).toEqual([100, 50, 50]);
    expect(await readCount(db(), tenantId, 'RESUME')).toBe(200);
  });

  it('applies 120 applications of one candidate 64 at a time without their writes failing each other’s conditions', async () => {
    const tenantId = newTenantId('one-candidate');
    await deliverLocally(db(), [
      event('resume.upserted', tenantId, 1, resume('r-1', 'Ada Lovelace')),
      ...Array.from({ length: 120 }, (_, i) =>
        event('jd.upserted', tenantId, 1, jd(`jd-${i}`, `Role ${i}`)),
      ),
    ]);
    const cancelled: string[] = [];
    // Local's timeouts, like the suite's own table: on two busy cores 64 transactions at once can take
    // DynamoDB Local over the deployed 2 s, and a write the client gave up on but Local committed comes
    // back as a 'duplicate' — latency, not the conditions this test is about.
    const counting = createDb({
      endpoint: process.env.DYNAMODB_ENDPOINT,
      tableName: db().tableName,
      timeouts: LOCAL_TEST_TIMEOUTS,
    });
    counting.baseClient.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          cancelled.push((error as Error).message);
          throw error;
        }
      },
      { step: 'initialize', name: 'countFailures' },
    );

    const summary = summarize(
      await deliverLocally(
        counting,
        Array.from({ length: 120 }, (_, i) =>
          event('application.upserted', tenantId, 1, {
            id: `a-${i}`,
            jdId: `jd-${i}`,
            resumeId: 'r-1',
          }),
        ),
        { concurrency: 64 },
      ),
    );

    expect(summary).toEqual({ applied: 120, ignored: {}, rejected: [] });
    expect(cancelled).toEqual([]);
    const copies = (await storedItems(db(), tenantId)).filter(
      (item) => item.entity === 'APPLICATION_COPY' && String(item.sk).startsWith('RESUME#r-1#APP#'),
    );
    expect(copies).toHaveLength(120);
  });
});
