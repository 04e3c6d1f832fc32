import { stampChange } from '../../lib/db/log/changes.js';
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { createKey } from '../../lib/composition/keys.js';
import type { Db } from '../../lib/db/client.js';
import { applicationItems } from '../../lib/applications/model.js';
import { counterKeys } from '../../lib/db/entities/counter.js';
import { bodyItem, headItem } from '../../lib/jds/model.js';
import { candidateEmailItem, candidateIdentity, resumeItem } from '../../lib/resumes/model.js';
import { candidateChangeItem } from '../../lib/matching/copies.js';
import { JD_STATUSES } from '../../lib/jds/statuses.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import type { ImportFile } from '../../lib/product-events/data.js';
import type { SpaceId } from '../../lib/db/spaces.js';

/**
 * Bulk-seeds a benchmark tenant with BatchWriteItem, using the repositories' own item builders (so
 * every key and copy is what the product writes would produce) and setting the counters at the end.
 * Going through the repositories one transaction at a time would take hours at 100,000 items.
 */
export const BIG_JD = 'jd-0000';
export const RARE_FILE_NAME = 'rare_find';

export async function seedTenant(
  db: Db,
  tenantId: SpaceId,
  size: number,
  jdCount = 1000,
): Promise<{ key: string }> {
  await ensureTenant(db, tenantId);
  const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();
  const now = new Date();
  const items: object[] = [];
  const statusCounts: Record<string, number> = {};
  const jdId = (i: number) => `jd-${String(i).padStart(4, '0')}`;
  for (let i = 0; i < jdCount; i++) {
    const status = JD_STATUSES[i % JD_STATUSES.length] as (typeof JD_STATUSES)[number];
    statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    const jd = {
      id: jdId(i),
      title: `Senior Engineer ${i}`,
      status,
      department: 'Engineering',
      location: 'Berlin (hybrid)',
      experience: '5+ years',
      type: 'full-time',
      salary: '€80k–€100k',
      createdAt: at(i),
      updatedAt: at(i),
      createdById: 'bench',
    };
    items.push(headItem(tenantId, jd));
    items.push(
      bodyItem(tenantId, jd.id, {
        description: 'We are hiring. '.repeat(200),
        requirements: 'TypeScript, AWS. '.repeat(50),
      }),
    );
  }
  // Fixed-width numbers keep every item the same size in every tenant, so costs compare across sizes.
  const n = (i: number) => String(i).padStart(6, '0');
  for (let i = 0; i < size; i++) {
    const resumeId = `r-${n(i)}`;
    const metadata = {
      name: `Candidate ${n(i)}`,
      email: `candidate${n(i)}@example.com`,
      phone: '+44 20 7946 0000',
      skills: ['TypeScript', 'Node.js', 'AWS', 'DynamoDB'],
      experience: `${String(i % 20).padStart(2, '0')} years`,
      education: 'BSc Computer Science',
      certifications: ['AWS Certified Developer'],
      summary: 'An engineer who ships. '.repeat(20),
    };
    const jd = i < 1000 ? BIG_JD : jdId(i % jdCount);
    const scores = i % 3 === 0 ? [] : [{ overallScore: ((i * 37) % 1000) / 10 }];
    const application = applicationItems(
      tenantId,
      {
        id: `a-${n(i)}`,
        jdId: jd,
        resumeId,
        status: 'SCREENING',
        scores,
        createdAt: at(jdCount + i),
      },
      { version: 1, updatedAt: now.toISOString() },
      { ...candidateIdentity(metadata), identityVersion: 1 },
      { jdTitle: `Senior Engineer ${Number(jd.slice(3))}`, jdTitleVersion: 1 },
    );
    const fileName = i % 1000 === 7 ? `${RARE_FILE_NAME}_${n(i)}.pdf` : `candidate_${n(i)}_cv.pdf`;
    items.push(
      resumeItem(
        tenantId,
        { id: resumeId, fileName, parseStatus: 'COMPLETED', metadata, createdAt: at(jdCount + i) },
        { updatedAt: at(jdCount + i), version: 2, identityVersion: 1, identitySyncedVersion: 1 },
      ),
    );
    items.push(application.application, application.copy, application.pointer);
    // What the resume's write also keeps: the e-mail's index entry, the candidate's change entry.
    items.push(
      candidateEmailItem(tenantId, metadata.email, resumeId),
      candidateChangeItem(tenantId, resumeId),
    );
  }
  await batchWriteAll(db, items);
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...counterKeys.shard(tenantId, 'JD', 0), total: jdCount, ...statusCounts },
    }),
  );
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...counterKeys.shard(tenantId, 'RESUME', 0), total: size },
    }),
  );
  const { key } = await createKey(db, tenantId, {
    name: 'bench',
    scopes: ['read', 'write', 'admin'],
    createdBy: 'bench',
  });
  return { key };
}

const SEEDED_AT = () => new Date(Date.now() - 60 * 60 * 1000);

export async function batchWriteAll(db: Db, items: object[], concurrency = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const batch = items.slice(next, next + 25);
      next += 25;
      let pending: Record<string, { PutRequest: { Item: object } }[]> | undefined = {
        // Stamped as the service's own writes are (their changes-index entries), an hour back: a
        // tenant of this size was not written in the last minutes, and what a write makes in those
        // is noted in the ordered log, which these bulk writes bypass (lib/db/log/walk.ts reads the
        // index up to 5 minutes back, the log after).
        [db.tableName]: batch.map((Item) => ({
          PutRequest: { Item: stampChange(Item as Record<string, unknown>, SEEDED_AT()) },
        })),
      };
      while (pending && Object.keys(pending).length) {
        const output = await db.client.send(new BatchWriteCommand({ RequestItems: pending }));
        pending = output.UnprocessedItems as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Product data for an import benchmark: `size` entities, one JD for every 20 resumes, an application
 * for each resume (on the JDs in turn), as the product's import file holds them.
 */
export function importSample(size: number): ImportFile {
  const jdCount = Math.max(1, Math.round(size / 21));
  const resumeCount = Math.floor((size - jdCount) / 2);
  const jds = Array.from({ length: jdCount }, (_, i) => ({
    id: `jd-${i}`,
    title: `Engineer ${i}`,
    description: 'We are hiring. '.repeat(100),
    status: (i % 2 ? 'PUBLISHED' : 'DRAFT') as 'PUBLISHED' | 'DRAFT',
    createdById: 'bench',
  }));
  const resumes = Array.from({ length: resumeCount }, (_, i) => ({
    id: `r-${i}`,
    fileName: `candidate_${i}.pdf`,
    parseStatus: 'COMPLETED' as const,
    metadata: {
      name: `Candidate ${i}`,
      email: `candidate${i}@example.com`,
      skills: ['TypeScript', 'AWS'],
      summary: 'An engineer who ships. '.repeat(10),
    },
  }));
  const applications = resumes.map((resume, i) => ({
    id: `a-${i}`,
    jdId: `jd-${i % jdCount}`,
    resumeId: resume.id,
    status: 'SCREENING' as const,
    aiScores: [{ overallScore: (i * 37) % 100 }],
  }));
  return { jds, resumes, applications };
}
