import { describe, expect, it } from 'vitest';
import { readCount } from '../../lib/db/counters.js';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createJd, updateJd } from '../../lib/jds/api.js';
import { applyJdUpsert } from '../../lib/jds/sync.js';
import { readJdDetail, listJds } from '../../lib/jds/store.js';
import { jdKeys, type JdSummary } from '../../lib/jds/model.js';
import { type JdStatus } from '../../lib/jds/statuses.js';
import { newTenantId, productVersion, storedItems, useTestDb } from '../helpers/db.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';

const db = useTestDb();

const input = (title: string) => ({ title, description: `About ${title}`, createdById: 'user-1' });

async function createMany(tenantId: string, count: number) {
  const created = [];
  for (let i = 0; i < count; i++) {
    created.push(
      await applyJdUpsert(
        db(),
        liveSpaceOf(tenantId),
        {
          ...input(`Job ${i}`),
          id: `jd-${String(i).padStart(4, '0')}`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
          status: (['DRAFT', 'PUBLISHED', 'CLOSED', 'ARCHIVED'] as const)[i % 4],
        },
        productVersion(),
      ),
    );
  }
  return created.map((entry) => (entry.outcome === 'applied' ? entry.value : ({} as JdSummary)));
}

/** About 1.2 KB of varied prose, as a job description is (not a phrase repeated, which deflates to nothing). */
const PROSE =
  'We are looking for a senior platform engineer to join the team that runs our payments infrastructure across three regions. ' +
  'You will own the reliability of the services that authorize, capture and settle card and bank transfers for more than four thousand merchants, and you will shape how we deploy, observe and scale them. ' +
  'Day to day you will design and review changes to our Kubernetes clusters and Terraform modules, improve our incident response and on-call tooling, and pair with product engineers on the performance of their services. ' +
  'We care about clear written design documents, small reversible changes and measurable service level objectives. ' +
  'You have at least six years of experience operating production systems, you are fluent in Go or Java and comfortable with SQL, and you have run distributed systems where correctness and auditability matter. ' +
  'Experience with PCI DSS, Kafka, PostgreSQL replication or multi-region failover is a plus. The role is hybrid, two days a week in our Berlin or Lisbon office.';

/** An item's size as DynamoDB bills it (its attributes' names and values), for string and binary attributes. */
const itemBytes = (item: Record<string, unknown>) =>
  Object.entries(item).reduce(
    (sum, [name, value]) =>
      sum +
      Buffer.byteLength(name) +
      (value instanceof Uint8Array ? value.length : Buffer.byteLength(String(value))),
    0,
  );

describe('JD repository on DynamoDB Local', () => {
  it('stores a body its texts deflated where that saves a KB (2 write units of a transaction), and reads every body back as written', async () => {
    const tenantId = newTenantId();
    const texts = { description: PROSE, requirements: 'Go or Java, SQL, Kubernetes.' };
    const { jd } = await createJd(db(), tenantId, { ...input('Engineer'), ...texts });
    const bodyOf = async () =>
      (await storedItems(db(), tenantId)).find((item) => item.entity === 'JD_BODY') ?? {};

    const stored = await bodyOf();
    // As text it would be over 1 KB (4 write units in a transaction); deflated it is under (2).
    expect(
      itemBytes({ ...jdKeys.body(tenantId, jd.id), entity: 'JD_BODY', ...texts }),
    ).toBeGreaterThan(1024);
    expect(itemBytes(stored)).toBeLessThanOrEqual(1024);
    expect(stored).not.toHaveProperty('description');
    expect((await readJdDetail(db(), tenantId, jd.id))?.jd).toMatchObject(texts);

    // A PATCH reads the deflated body and writes the one it makes; a short body stays text.
    await updateJd(db(), tenantId, jd.id, { description: 'Runs payments.' });
    expect(await bodyOf()).toMatchObject({
      description: 'Runs payments.',
      requirements: texts.requirements,
    });
    expect((await readJdDetail(db(), tenantId, jd.id))?.jd).toMatchObject({
      description: 'Runs payments.',
      requirements: texts.requirements,
    });

    // A body an earlier release wrote as text, however long, reads as it did.
    await db().client.send(
      new PutCommand({
        TableName: db().tableName,
        Item: { ...jdKeys.body(tenantId, jd.id), entity: 'JD_BODY', description: PROSE },
      }),
    );
    expect((await readJdDetail(db(), tenantId, jd.id))?.jd.description).toBe(PROSE);
  });

  it('creates a JD in DRAFT with default type, readable right after creation', async () => {
    const tenantId = newTenantId();
    const { jd: jd } = await createJd(db(), tenantId, {
      ...input('Engineer'),
      requirements: 'TypeScript',
    });

    const detail = (await readJdDetail(db(), tenantId, jd.id))?.jd;

    expect(jd.status).toBe('DRAFT');
    expect(detail).toMatchObject({
      id: jd.id,
      title: 'Engineer',
      status: 'DRAFT',
      type: 'full-time',
      description: 'About Engineer',
      requirements: 'TypeScript',
      applications: [],
    });
    expect(detail?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('keeps total and per-status counts exact through creates, status changes and re-imports', async () => {
    const tenantId = newTenantId();
    const { jd: jd } = await createJd(db(), tenantId, input('A'));
    await createJd(db(), tenantId, input('B'));
    await applyJdUpsert(
      db(),
      tenantId,
      { ...input('A'), id: jd.id, status: 'PUBLISHED' },
      productVersion(),
    );
    await applyJdUpsert(
      db(),
      tenantId,
      { ...input('C'), id: 'imported', status: 'CLOSED' },
      productVersion(),
    );
    await applyJdUpsert(
      db(),
      tenantId,
      { ...input('C2'), id: 'imported', status: 'ARCHIVED' },
      productVersion(),
    );

    const counts = await Promise.all(
      ['total', 'DRAFT', 'PUBLISHED', 'CLOSED', 'ARCHIVED'].map((field) =>
        readCount(db(), tenantId, 'JD', field),
      ),
    );

    expect(counts).toEqual([3, 1, 1, 0, 1]);
  });

  it('lists newest first with exact pagination, deep offsets and past-the-end pages', async () => {
    const tenantId = newTenantId();
    const created = await createMany(tenantId, 45);
    const newestFirst = created.map((jd) => jd.id).reverse();

    const page1 = await listJds(db(), tenantId, { page: 1, limit: 20 });
    const page3 = await listJds(db(), tenantId, { page: 3, limit: 20 });
    const page4 = await listJds(db(), tenantId, { page: 4, limit: 20 });

    expect(page1.items.map((jd) => jd.id)).toEqual(newestFirst.slice(0, 20));
    expect(page3.items.map((jd) => jd.id)).toEqual(newestFirst.slice(40, 45));
    expect(page4.items).toEqual([]);
    expect([page1.total, page1.pages, page4.total, page4.pages]).toEqual([45, 3, 45, 3]);
    expect(page1.items[0]).not.toHaveProperty('description');
    expect(page1.items[0]).not.toHaveProperty('requirements');
  });

  it('walks every item exactly once by cursor, also while new items are added', async () => {
    const tenantId = newTenantId();
    const created = await createMany(tenantId, 23);
    const seen: string[] = [];

    let page = await listJds(db(), tenantId, { page: 1, limit: 5 });
    seen.push(...page.items.map((jd) => jd.id));
    await createJd(db(), tenantId, input('Added during the walk'));
    while (page.nextCursor) {
      page = await listJds(db(), tenantId, { page: 1, limit: 5, cursor: page.nextCursor });
      seen.push(...page.items.map((jd) => jd.id));
    }

    expect(seen).toEqual(created.map((jd) => jd.id).reverse());
    expect(page.page).toBe(5);
  });

  it('filters by status with exact totals', async () => {
    const tenantId = newTenantId();
    const created = await createMany(tenantId, 10);
    const expected = (status: JdStatus) =>
      created
        .filter((jd) => jd.status === status)
        .map((jd) => jd.id)
        .reverse();

    const published = await listJds(db(), tenantId, { page: 1, limit: 2, status: 'PUBLISHED' });
    const publishedPage2 = await listJds(db(), tenantId, {
      page: 2,
      limit: 2,
      status: 'PUBLISHED',
    });

    expect([...published.items, ...publishedPage2.items].map((jd) => jd.id)).toEqual(
      expected('PUBLISHED').slice(0, 4),
    );
    expect(published.total).toBe(expected('PUBLISHED').length);
  });

  it('never shows one tenant the JDs of another', async () => {
    const tenantA = newTenantId('a');
    const tenantB = newTenantId('b');
    const { jd: jd } = await createJd(db(), tenantA, input('Secret'));

    expect(await readJdDetail(db(), tenantB, jd.id)).toBeUndefined();
    expect((await listJds(db(), tenantB, { page: 1, limit: 20 })).items).toEqual([]);
  });
});
