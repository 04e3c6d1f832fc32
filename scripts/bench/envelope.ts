import { randomBytes } from 'node:crypto';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { gunzipSync } from 'node:zlib';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid as makeUlid } from 'ulid';
import { createKey } from '../../lib/composition/keys.js';
import { setTenantHourlyLimit } from '../../lib/keys/store.js';
import type { Db } from '../../lib/db/client.js';
import { applicationItems, type ReviewItem, reviewKeys } from '../../lib/applications/model.js';
import type { AiScore } from '../../lib/matching/scores.js';
import type { ApiKeyLookupItem, ApiKeyRecordItem } from '../../lib/keys/model.js';
import { apiKeyKeys } from '../../lib/keys/model.js';
import { counterKeys } from '../../lib/db/entities/counter.js';
import { eventKeys } from '../../lib/events/model.js';
import { bodyItem, headItem } from '../../lib/jds/model.js';
import { candidateIdentity, resumeItem } from '../../lib/resumes/model.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { LAMBDA_RESPONSE_LIMIT_BYTES, payloadBytes } from '../../lib/http/response-size.js';
import { API_PREFIX } from '../../lib/composition/routes.js';
import { LIMITS } from '../../lib/schemas/limits.js';
import { handleRequest } from '../local/gateway.js';
import { FUNCTION_TIMEOUT_MS } from '../../lib/config.js';
import { batchWriteAll } from './seed.js';
import { kb, table } from './stats.js';

/**
 * The scale envelope (ARCHITECTURE.md): one tenant with 100,000 resumes, 50,000 applications on one
 * JD, 2,000 applications on one resume, 100 scores per application, 1,000,000 events and 10,000 revoked
 * keys. Seeded on DynamoDB Local where that is fast (the JD, the busy candidate and the keys, with the
 * item builders the service writes with) and read through the real handlers with `Accept-Encoding:
 * gzip`; the paginated lists (resumes, candidates, events), whose answers are bounded by their page
 * size, are computed from measured entries at the largest page.
 */
export const ENVELOPE = {
  applicationsOnJd: 50_000,
  applicationsOnResume: 2_000,
  scoresPerApplication: 100,
  /** the busy candidate's applications that hold 50 reviews each (two export pages' worth) */
  reviewedApplications: 40,
  revokedKeys: 10_000,
  resumes: 100_000,
  events: 1_000_000,
} as const;

const MB = 1024 * 1024;
const LIMIT_400_KB = 400 * 1024;
/**
 * Ids as the product makes them (ULIDs: 26 characters, 80 random bits) and names drawn from lists, so
 * that the answers compress as real ones do, not as runs of zeros.
 */
const ids = new Map<string, string>();
const ulid = (prefix: string, i: number) => {
  const key = `${prefix}${i}`;
  let id = ids.get(key);
  if (!id) ids.set(key, (id = makeUlid(Date.UTC(2026, 0, 1) + i)));
  return id;
};
const FIRST = [
  'Alexandra',
  'Oluwaseun',
  'Mei',
  'Santiago',
  'Ingrid',
  'Rahul',
  'Fatima',
  'Jonas',
  'Chiara',
  'Kwame',
  'Yuki',
  'Dmitri',
  'Aisha',
  'Liam',
  'Sofia',
  'Mateus',
  'Hannah',
  'Tariq',
  'Elena',
  'Noah',
];
const LAST = [
  'Montgomery-Oyelaran',
  'Nakamura',
  'Fernández',
  'Okonkwo',
  'Lindqvist',
  'Chatterjee',
  'Haddad',
  'Schneider',
  'Rossi',
  'Mensah',
  'Kowalski',
  'Ivanova',
  'Al-Sayed',
  'O’Brien',
  'Costa',
  'Van der Berg',
  'Nguyen',
  'Dubois',
  'Papadopoulos',
  'Johansson',
];
const nameOf = (i: number) =>
  `${FIRST[(i * 7) % FIRST.length]} ${LAST[(i * 13 + Math.floor(i / 400)) % LAST.length]}`;
const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();

/** An item's size as DynamoDB counts it: attribute names plus values (strings in UTF-8, numbers by their digits). */
export function dynamoItemBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number')
    return (
      1 +
      Math.ceil(
        String(Math.abs(value))
          .replace(/[.-]|e.*$/g, '')
          .replace(/^0+/, '').length / 2,
      )
    );
  if (Array.isArray(value))
    return 3 + value.reduce((sum: number, element) => sum + 1 + dynamoItemBytes(element), 0);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined,
    );
    return (
      3 +
      entries.reduce(
        (sum, [name, v]) => sum + Buffer.byteLength(name, 'utf8') + 1 + dynamoItemBytes(v),
        0,
      )
    );
  }
  return 0;
}

/** A plausible candidate: a realistic name and e-mail, the metadata a parser returns. */
function metadataOf(i: number) {
  const name = nameOf(i);
  return {
    name,
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${(i * 7919) % 100_000}@example-recruiting.com`,
    phone: '+44 20 7946 0000',
    skills: [
      'TypeScript',
      'Node.js',
      'AWS Lambda',
      'DynamoDB',
      'Distributed systems',
      'Kubernetes',
      'PostgreSQL',
      'Terraform',
    ],
    experience: '12 years of backend and platform engineering',
    education: 'MSc Computer Science, University of Edinburgh',
    certifications: ['AWS Certified Solutions Architect – Professional'],
    summary: 'Platform engineer who has led migrations to serverless at scale. '.repeat(8),
  };
}
/**
 * Text at a bound that nothing compresses: random characters, so that "fits" is measured where gzip
 * helps least (the first envelope used constant model names, which compress twentyfold, and passed a
 * candidate that did not fit).
 */
const incompressible = (length: number) =>
  randomBytes(length).toString('base64url').slice(0, length);

/** An application's scores, highest first, each with when and by which model, the model's id and version at their bounds. */
const scores = (i: number, count: number): AiScore[] =>
  Array.from({ length: count }, (_, k) => ({
    overallScore: Math.round((100 - ((i * 7 + k * 13) % 10000) / 100) * 100) / 100,
    scoredAt: at(200_000 + i * ENVELOPE.scoresPerApplication + k),
    model: { id: incompressible(LIMITS.modelField), version: incompressible(LIMITS.modelField) },
  })).sort((a, b) => b.overallScore - a.overallScore);

interface Row {
  endpoint: string;
  /** the whole answer, or the largest slice or page of the walk */
  plain: number;
  sent: number;
  /** how the list is handed over: whole, or in slices or pages of how many */
  shape: string;
  items: string;
  complete: string;
  /** the slowest answer read for the row (ms), against the function's timeout; undefined: computed, not read */
  slowestMs?: number;
}

export async function measureEnvelope(
  db: Db,
  log: (message: string) => void,
): Promise<{ rows: Row[]; largestItems: [string, number][] }> {
  const tenantId = liveSpaceOf('envelope');
  await ensureTenant(db, tenantId);
  // Titles at their bound (200 characters), copied onto every application of the JD.
  const title = incompressible(LIMITS.title);
  const jd = {
    id: ulid('J', 0),
    title,
    status: 'PUBLISHED' as const,
    department: 'Platform Engineering',
    location: 'Remote, EMEA',
    experience: '8+ years',
    type: 'full-time',
    salary: '€120k–€150k',
    createdAt: at(0),
    updatedAt: at(0),
    createdById: 'hiring-manager-0001',
  };
  const busyJd = {
    ...jd,
    id: ulid('J', 1),
    title: incompressible(LIMITS.title),
    createdAt: at(1),
    updatedAt: at(1),
  };
  const items: object[] = [
    headItem(tenantId, jd),
    bodyItem(tenantId, jd.id, {
      description: 'We are hiring. '.repeat(2000),
      requirements: 'TypeScript, AWS. '.repeat(500),
    }),
    headItem(tenantId, busyJd),
  ];
  const largest = new Map<string, number>();
  const note = (kind: string, item: unknown) =>
    largest.set(kind, Math.max(largest.get(kind) ?? 0, dynamoItemBytes(item)));

  log(
    `envelope: seeding ${ENVELOPE.applicationsOnJd} applications on one JD, ${ENVELOPE.applicationsOnResume} on one resume, ${ENVELOPE.revokedKeys} revoked keys`,
  );
  const busyResume = ulid('R', 0);
  const resumeCount = ENVELOPE.applicationsOnJd + 1;
  let bestAtLeast90 = 0;
  for (let i = 0; i < resumeCount; i++) {
    const metadata = metadataOf(i);
    const resume = resumeItem(
      tenantId,
      {
        id: ulid('R', i),
        fileName: `${nameOf(i)
          .toLowerCase()
          .replace(/[^a-z]+/g, '_')}_${i}_curriculum_vitae.pdf`,
        parseStatus: 'COMPLETED',
        metadata,
        createdAt: at(10 + i),
      },
      { updatedAt: at(10 + i), version: 1, identityVersion: 1, identitySyncedVersion: 1 },
    );
    items.push(resume);
    note('resume', resume);
    if (i === 0) continue;
    if ((scores(i, 1)[0]?.overallScore ?? 0) >= 90) bestAtLeast90 += 1;
    // The JD's lists show each application's best score only (the matches index holds no other):
    // one score, at its bounds, stands for the 100 here, which keeps the seed to memory's measure.
    const application = applicationItems(
      tenantId,
      {
        id: ulid('A', i),
        jdId: jd.id,
        resumeId: resume.id,
        status: 'SCREENING',
        scores: scores(i, 1),
        createdAt: at(10 + i),
      },
      { version: 1, updatedAt: at(10 + i) },
      { ...candidateIdentity(metadata), identityVersion: 1 },
      { jdTitle: title, jdTitleVersion: 1 },
    );
    items.push(application.application, application.copy, application.pointer);
  }
  for (let i = 0; i < ENVELOPE.applicationsOnResume; i++) {
    const application = applicationItems(
      tenantId,
      {
        id: ulid('B', i),
        jdId: busyJd.id,
        resumeId: busyResume,
        status: 'SHORTLISTED',
        scores: scores(i, ENVELOPE.scoresPerApplication),
        createdAt: at(100_000 + i),
      },
      { version: 1, updatedAt: at(100_000 + i) },
      { ...candidateIdentity(metadataOf(0)), identityVersion: 1 },
      { jdTitle: busyJd.title, jdTitleVersion: 1 },
    );
    // The first pages of the busy candidate's export at their worst: 50 reviews each, texts at their bounds.
    if (i < ENVELOPE.reviewedApplications) {
      const reviews = Array.from({ length: LIMITS.reviewsPerApplication }, (_, r): ReviewItem => {
        const reviewedAt = at(300_000 + i * LIMITS.reviewsPerApplication + r);
        const id = ulid('V', i * LIMITS.reviewsPerApplication + r);
        const reviewed = application.application.scores[0] as AiScore;
        return {
          ...reviewKeys.item(tenantId, application.application.id, reviewedAt, id),
          entity: 'REVIEW',
          id,
          applicationId: application.application.id,
          score: {
            overallScore: reviewed.overallScore,
            scoredAt: reviewed.scoredAt ?? null,
            model: reviewed.model ?? null,
          },
          outcome: 'overridden',
          reviewer: incompressible(LIMITS.reviewer),
          rationale: incompressible(LIMITS.reviewRationale),
          reviewedAt,
        };
      });
      application.application.reviewCount = reviews.length;
      application.application.lastReview = {
        outcome: 'overridden',
        reviewedAt: (reviews.at(-1) as ReviewItem).reviewedAt,
        scoredAt: (reviews.at(-1) as ReviewItem).score.scoredAt,
      };
      items.push(...reviews);
      note('review (reviewer and rationale at their bounds)', reviews[0] as ReviewItem);
    }
    items.push(application.application, application.copy, application.pointer);
    note('application (100 scores, model names at their bound)', application.application);
    note('application copy (100 scores, model names at their bound)', application.copy);
  }
  for (let i = 0; i < ENVELOPE.revokedKeys; i++) {
    const record: ApiKeyRecordItem = {
      ...apiKeyKeys.record(tenantId, ulid('K', i)),
      entity: 'API_KEY',
      id: ulid('K', i),
      name: incompressible(LIMITS.keyName),
      scopes: ['read', 'jd:read', 'match:read'],
      createdAt: at(i),
      createdBy: ulid('K', 0),
      revokedAt: at(i + 86_400),
      keyHash: `${i}`.padStart(64, 'f'),
    };
    const lookup: ApiKeyLookupItem = {
      ...apiKeyKeys.lookup(record.keyHash),
      entity: 'API_KEY_LOOKUP',
      tenantId,
      keyId: record.id,
      name: record.name,
      scopes: record.scopes,
      revokedAt: record.revokedAt,
      win: 0,
      cnt: 0,
      lastUsedAt: at(i + 3600),
    };
    items.push(record, lookup);
    note('API key record', record);
  }
  await batchWriteAll(db, items);
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...counterKeys.shard(tenantId, 'RESUME', 0), total: resumeCount },
    }),
  );
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...counterKeys.shard(tenantId, 'JD', 0), total: 2, PUBLISHED: 2 },
    }),
  );
  // A client walking 50,000 applications in pages of 100 asks more than the per-address limit (500 a
  // minute) and the default hourly quota allow: this section measures sizes, not limits.
  process.env.API_RATE_LIMIT_MAX = '1000000';
  await setTenantHourlyLimit(db, tenantId, 1_000_000);
  const { key } = await createKey(db, tenantId, {
    name: 'envelope',
    scopes: ['read', 'admin'],
    createdBy: 'bench',
  });

  const rows: Row[] = [];
  // The slowest answer of the row being measured (reset as each row is recorded).
  let slowest = 0;
  const record = (row: Row) => {
    rows.push(slowest > 0 ? { ...row, slowestMs: slowest } : row);
    slowest = 0;
  };
  const call = async (path: string) => {
    const [pathname, query = ''] = path.split('?');
    // With the function's own timeout, as a client meets it: a whole list too slow to read on
    // DynamoDB Local (far slower than DynamoDB at 1 MB pages) is the 422 that sends it to slices.
    const started = performance.now();
    const reply = await handleRequest({
      method: 'GET',
      rawPath: `${API_PREFIX}${pathname}`,
      rawQueryString: query,
      headers: { 'x-api-key': key, 'accept-encoding': 'gzip' },
      sourceIp: '127.0.0.1',
    });
    slowest = Math.max(slowest, performance.now() - started);
    const raw = Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(reply.body);
    const compressed = reply.headers['content-encoding'] === 'gzip';
    const text = compressed ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    const sent = payloadBytes({
      statusCode: reply.status,
      headers: reply.headers,
      body: compressed ? raw.toString('base64') : text,
      isBase64Encoded: compressed,
    });
    return { status: reply.status, body: JSON.parse(text), plain: Buffer.byteLength(text), sent };
  };
  /**
   * A list as a client reads it: whole if that fits one answer, else (the 422 says so) walked in
   * slices of `slice` items on `nextCursor`; the largest answer of the walk, and how many items it
   * handed over in all.
   */
  const handOver = async (
    endpoint: string,
    path: string,
    itemsOf: (body: { data: unknown }) => unknown[],
    expected: number,
    itemNote: string,
    slice: number,
  ) => {
    log(`envelope: GET ${path}`);
    const whole = await call(path);
    let row: Row;
    if (whole.status === 200) {
      const got = itemsOf(whole.body).length;
      row = {
        endpoint,
        plain: whole.plain,
        sent: whole.sent,
        shape: 'whole',
        items: itemNote,
        complete:
          got === expected
            ? `✅ ${got.toLocaleString('en')} of ${expected.toLocaleString('en')}`
            : `❌ ${got} of ${expected}`,
      };
    } else {
      const separator = path.includes('?') ? '&' : '?';
      let [got, plain, sent, cursor] = [0, 0, 0, undefined as string | undefined];
      let refused: number | undefined;
      do {
        const answer = await call(
          `${path}${separator}limit=${slice}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        // A slice not answered (a 503 past the function's time on DynamoDB Local): the row says so.
        if (answer.status !== 200) {
          refused = answer.status;
          break;
        }
        got += itemsOf(answer.body).length;
        [plain, sent] = [Math.max(plain, answer.plain), Math.max(sent, answer.sent)];
        cursor = (answer.body as { pagination: { nextCursor?: string } }).pagination.nextCursor;
      } while (cursor);
      const wouldSend = (whole.body as { responseBytes?: number }).responseBytes ?? 0;
      row = {
        endpoint,
        plain,
        sent,
        shape: `whole: ${whole.status} (it would send ${(wouldSend / MB).toFixed(1)} MB); slices of ${slice.toLocaleString('en')}`,
        items: itemNote,
        complete:
          refused !== undefined
            ? `❌ a slice answered ${refused} after ${got.toLocaleString('en')} of ${expected.toLocaleString('en')}`
            : got === expected
              ? `✅ ${got.toLocaleString('en')} of ${expected.toLocaleString('en')}`
              : `❌ ${got} of ${expected}`,
      };
    }
    record(row);
  };
  const data = (b: { data: unknown }) => b.data as unknown[];
  await handOver(
    `GET /matches/:jdId (${ENVELOPE.applicationsOnJd.toLocaleString('en')} applications)`,
    `/matches/${jd.id}`,
    data,
    ENVELOPE.applicationsOnJd,
    '0.5 KB (an entry)',
    1000,
  );
  await handOver(
    `GET /jds/:jdId (${ENVELOPE.applicationsOnJd.toLocaleString('en')} applications)`,
    `/jds/${jd.id}`,
    (b) => (b.data as { applications: unknown[] }).applications,
    ENVELOPE.applicationsOnJd,
    '0.1 KB (an entry)',
    1000,
  );
  await handOver(
    `GET /keys (${ENVELOPE.revokedKeys.toLocaleString('en')} revoked keys)`,
    '/keys',
    data,
    ENVELOPE.revokedKeys + 1,
    kb(largest.get('API key record') ?? 0),
    1000,
  );
  // The busy candidate shows 100 applications; all 2,000 are handed over by the matches of their JD.
  await handOver(
    `GET /matches/:jdId (the busy candidate's ${ENVELOPE.applicationsOnResume.toLocaleString('en')} applications)`,
    `/matches/${busyJd.id}`,
    data,
    ENVELOPE.applicationsOnResume,
    '0.5 KB (an entry)',
    1000,
  );
  // GET /applications walks by cursor only: every answer of the walk, and every item it hands over.
  const walk = async (
    endpoint: string,
    path: string,
    expected: number,
    itemNote: string,
    // A candidate's export pages its applications, at most 20 to an answer.
    pages: { size: number; items: (data: unknown) => unknown[] } = {
      size: 100,
      items: (data) => data as unknown[],
    },
  ) => {
    log(`envelope: GET ${path} (walked)`);
    let [got, plain, sent, answers, cursor] = [0, 0, 0, 0, undefined as string | undefined];
    const separator = path.includes('?') ? '&' : '?';
    do {
      const answer = await call(
        `${path}${separator}limit=${pages.size}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
      got += pages.items(answer.body.data).length;
      [plain, sent, answers] = [
        Math.max(plain, answer.plain),
        Math.max(sent, answer.sent),
        answers + 1,
      ];
      cursor = (answer.body as { pagination: { nextCursor?: string } }).pagination.nextCursor;
    } while (cursor);
    record({
      endpoint,
      plain,
      sent,
      shape: `pages of ${pages.size}, ${answers.toLocaleString('en')} answers`,
      items: itemNote,
      complete:
        got === expected
          ? `✅ ${got.toLocaleString('en')} of ${expected.toLocaleString('en')}`
          : `❌ ${got} of ${expected}`,
    });
  };
  const applicationEntry = '0.6 KB (an entry)';
  await walk(
    `GET /applications?jdId= (${ENVELOPE.applicationsOnJd.toLocaleString('en')} applications)`,
    `/applications?jdId=${jd.id}`,
    ENVELOPE.applicationsOnJd,
    applicationEntry,
  );
  await walk(
    `GET /applications?jdId=&minScore=90 (${bestAtLeast90.toLocaleString('en')} of ${ENVELOPE.applicationsOnJd.toLocaleString('en')})`,
    `/applications?jdId=${jd.id}&minScore=90`,
    bestAtLeast90,
    applicationEntry,
  );
  await walk(
    `GET /applications?resumeId= (the busy candidate's ${ENVELOPE.applicationsOnResume.toLocaleString('en')})`,
    `/applications?resumeId=${busyResume}`,
    ENVELOPE.applicationsOnResume,
    applicationEntry,
  );
  await walk(
    `GET /applications?status=SHORTLISTED (${ENVELOPE.applicationsOnResume.toLocaleString('en')} of the tenant's ${(ENVELOPE.applicationsOnJd + ENVELOPE.applicationsOnResume).toLocaleString('en')})`,
    '/applications?status=SHORTLISTED',
    ENVELOPE.applicationsOnResume,
    applicationEntry,
  );
  // Delta walks read the changes index alone: every application and resume, as a first sync reads them.
  await walk(
    `GET /applications?updatedSince= (a first sync: the tenant's ${(ENVELOPE.applicationsOnJd + ENVELOPE.applicationsOnResume).toLocaleString('en')})`,
    '/applications?updatedSince=1970-01-01T00:00:00Z',
    ENVELOPE.applicationsOnJd + ENVELOPE.applicationsOnResume,
    applicationEntry,
  );
  await walk(
    `GET /resumes?updatedSince= (a first sync: ${resumeCount.toLocaleString('en')} resumes)`,
    '/resumes?updatedSince=1970-01-01T00:00:00Z',
    resumeCount,
    kb(largest.get('resume') ?? 0),
  );
  await walk(
    `GET /candidates/:resumeId/export (the busy candidate: ${ENVELOPE.applicationsOnResume.toLocaleString('en')} applications × ${ENVELOPE.scoresPerApplication} scores)`,
    `/candidates/${busyResume}/export`,
    ENVELOPE.applicationsOnResume,
    'an application with its 100 scores',
    { size: 20, items: (data) => (data as { applications: unknown[] }).applications },
  );
  log('envelope: GET /candidates?search= (the busy candidate)');
  const busy = await call('/candidates?search=_0_curriculum');
  const [candidate] = busy.body.data as { applications: unknown[]; applicationsHasMore: boolean }[];
  record({
    endpoint: `GET /candidates?search= (a candidate with ${ENVELOPE.applicationsOnResume.toLocaleString('en')} applications × ${ENVELOPE.scoresPerApplication} scores)`,
    plain: busy.plain,
    sent: busy.sent,
    shape: `a page; the entry shows ${LIMITS.candidateApplications}`,
    items: kb(largest.get('application copy (100 scores, model names at their bound)') ?? 0),
    complete:
      busy.status === 200 &&
      candidate?.applications.length === LIMITS.candidateApplications &&
      candidate.applicationsHasMore
        ? `✅ ${LIMITS.candidateApplications} shown, applicationsHasMore (all ${ENVELOPE.applicationsOnResume.toLocaleString('en')}: the row above)`
        : `❌ ${busy.status}, ${candidate?.applications.length} shown`,
  });

  // Paginated lists: the largest answer is a full page (limit 100) of the largest entries, or a page ended early at 4 MB.
  const page = async (endpoint: string, path: string, perEntryNote: string, total: number) => {
    log(`envelope: GET ${path}`);
    const { body, plain, sent, status } = await call(path);
    // A refused page is a row that says so, not a bench that stops.
    const entries = status === 200 ? (body.data as unknown[]).length : 0;
    record({
      endpoint,
      plain,
      sent,
      shape: status === 200 ? `pages of ${entries}` : '—',
      items: perEntryNote,
      complete:
        status === 200
          ? `✅ ${total.toLocaleString('en')} in ${Math.ceil(total / entries).toLocaleString('en')} pages (cursor walks: tested)`
          : `❌ ${status}`,
    });
  };
  await page(
    `GET /resumes (${ENVELOPE.resumes.toLocaleString('en')} resumes)`,
    '/resumes?limit=100',
    kb(largest.get('resume') ?? 0),
    ENVELOPE.resumes,
  );
  await page(
    `GET /candidates (${ENVELOPE.resumes.toLocaleString('en')} resumes)`,
    '/candidates?limit=100',
    kb(largest.get('resume') ?? 0),
    ENVELOPE.resumes,
  );

  // Events: 1,000,000 are not seeded; a page holds at most 100, each as the largest event type.
  const eventId = `evt_${ulid('E', 0)}`;
  const event = {
    ...eventKeys.item(tenantId, eventId),
    entity: 'EVENT',
    id: eventId,
    type: 'application.scored',
    createdAt: at(0),
    data: {
      id: ulid('A', 1),
      jdId: jd.id,
      resumeId: busyResume,
      aiScore: 99.99,
      model: { id: incompressible(LIMITS.modelField), version: incompressible(LIMITS.modelField) },
      scoredAt: at(0),
      updatedAt: at(0),
    },
    ttl: 4_102_444_800,
  };
  const eventJson = Buffer.byteLength(
    JSON.stringify({
      id: event.id,
      type: event.type,
      createdAt: event.createdAt,
      data: event.data,
    }),
  );
  record({
    endpoint: `GET /events (${ENVELOPE.events.toLocaleString('en')} events)`,
    plain: 100 * eventJson + 120,
    sent: Math.ceil(((100 * eventJson + 120) * 4) / 3) + 400,
    shape: 'pages of 100 (computed)',
    items: kb(dynamoItemBytes(event)),
    complete: `✅ pages of 100 (cursor walks: tested); 100 × ${eventJson} B, the largest event type`,
  });

  // The bounds: the largest items the contract allows, whatever the data.
  const worstResume = resumeItem(
    tenantId,
    {
      id: ulid('R', 9),
      fileName: 'x'.repeat(LIMITS.shortText),
      parseStatus: 'COMPLETED',
      metadata: { skills: ['s'.repeat(LIMITS.metadataBytes - 64)] },
      createdAt: at(0),
    },
    { updatedAt: at(0), version: 1, identityVersion: 1, identitySyncedVersion: 1 },
  );
  const largestItems: [string, number][] = [
    ...[...largest.entries()],
    [
      'resume at the metadata bound (128 KB of skills, copied to its list summary)',
      dynamoItemBytes(worstResume),
    ],
  ];
  return { rows, largestItems };
}

export function envelopeSection(
  result: { rows: Row[]; largestItems: [string, number][] },
  check: (ok: boolean, text: string) => void,
): string[] {
  const limit = LAMBDA_RESPONSE_LIMIT_BYTES;
  const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
  for (const row of result.rows)
    check(
      row.sent <= limit && row.complete.startsWith('✅'),
      `envelope: ${row.endpoint} is handed over whole or walked (${row.shape}; largest answer ${mb(row.sent)} of 6 MB sent), every item`,
    );
  for (const row of result.rows.filter((row) => row.slowestMs !== undefined))
    check(
      (row.slowestMs as number) < FUNCTION_TIMEOUT_MS,
      `envelope: ${row.endpoint} answers within the function's ${FUNCTION_TIMEOUT_MS / 1000} s (slowest ${((row.slowestMs as number) / 1000).toFixed(1)} s on DynamoDB Local)`,
    );
  const worstItem = Math.max(...result.largestItems.map(([, bytes]) => bytes));
  check(worstItem <= LIMIT_400_KB, `envelope: every item ≤ 400 KB (largest ${kb(worstItem)})`);
  return [
    '## Scale envelope',
    `One tenant with ${ENVELOPE.resumes.toLocaleString('en')} resumes, ${ENVELOPE.applicationsOnJd.toLocaleString('en')} applications on one JD, ${ENVELOPE.applicationsOnResume.toLocaleString('en')} applications on one resume, ${ENVELOPE.scoresPerApplication} scores per application, ${ENVELOPE.events.toLocaleString('en')} events and ${ENVELOPE.revokedKeys.toLocaleString('en')} revoked keys, with realistic ids (26 characters), names and e-mails, and **every bounded text that lists show at its bound and incompressible** (random characters): JD titles (${LIMITS.title}), key names (${LIMITS.keyName}), each score's model id and version (${LIMITS.modelField} each). Each list is read as a client reads it, through the real handlers with \`Accept-Encoding: gzip\` and the function's own 10 s: whole where the answer fits and can be read in that time, else (the answer is a 422 saying so) in slices on \`nextCursor\`; the sizes shown are the whole answer or the largest slice or page. "sent" is what Lambda counts (the serialized result, the compressed body base64-encoded), against its ${limit.toLocaleString('en')}-byte limit. The JD's 50,000 applications carry their best score (the only one its lists show) at the bounds. Item sizes follow DynamoDB's rules (attribute names plus values).`,
    table(
      [
        'endpoint',
        'handed over',
        'answer (JSON)',
        'sent (gzip)',
        'of 6 MB',
        'largest item',
        'every item handed over',
        'slowest answer',
      ],
      result.rows.map((row) => [
        row.endpoint,
        row.shape,
        mb(row.plain),
        mb(row.sent),
        `${((row.sent / limit) * 100).toFixed(0)}%`,
        row.items,
        row.complete,
        row.slowestMs === undefined ? '–' : `${(row.slowestMs / 1000).toFixed(1)} s`,
      ]),
    ),
    table(
      ['item', 'largest', 'of 400 KB'],
      result.largestItems.map(([name, bytes]) => [
        name,
        kb(bytes),
        `${((bytes / LIMIT_400_KB) * 100).toFixed(1)}%`,
      ]),
    ),
    'A page of GET /jds, /resumes or /candidates ends early, with a cursor after its last item, before it would pass 4 MB of JSON, so every page fits whatever its items hold; a candidate shows at most 100 of its applications. Without `Accept-Encoding: gzip`, an answer whose JSON is over 6 MB is refused with 422 (and says how to page). The cursor walks of the paginated lists are held complete by the test suite (test/integration/scale.test.ts), with incompressible values at the bounds.',
  ];
}
