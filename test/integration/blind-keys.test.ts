import { flushLocalRequestLog } from '../../scripts/local/request-log.js';
import { SAMPLE_PEOPLE } from '../../lib/composition/test-mode/sample-data.js';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteId } from '../../lib/composition/routes.js';
import { createKey } from '../../lib/composition/keys.js';
import { HIDDEN_FILE_NAME } from '../../lib/resumes/blind.js';
import { callApi, tenantWithKey, useLocalGateway } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';
import { useEnv } from '../helpers/env.js';
import { useMcpClients } from '../helpers/mcp.js';
import { productEvents } from '../helpers/product.js';

/**
 * Blind keys (`"blind": true`): no answer, over REST or MCP, says who a candidate is; scores,
 * criteria, skills and experience stay; a review recorded with one says it was blind.
 */
useEnv({ WEBHOOK_ALLOW_LOCAL_URLS: 'true' });
const db = useTestDb();
const baseUrl = useLocalGateway();
const product = productEvents(db);

const ulidLike = (prefix: string, i: number) => `${prefix}${String(i).padStart(24, '0')}`;
const JD = ulidLike('JD', 1);
const RESUME = ulidLike('RS', 1);
/** A resume whose product gave skills and experience as objects, which can hold anything. */
const STRUCTURED = ulidLike('RS', 2);
/** A resume the product deleted: delta walks show its deletion. */
const ERASED = ulidLike('RS', 3);
const APPLICATION = ulidLike('AP', 1);

/** Everything that says who the candidate is, in each place the product and the reviewers put it. */
const IDENTITY = {
  fileName: 'Grace_Hopper_CV_2026.pdf',
  metadata: {
    name: 'Grace Brewster Hopper',
    email: 'grace.hopper@navy.example',
    phone: '+1 202 555 0199',
    education: 'Yale University, PhD Mathematics',
    summary: 'Rear admiral and pioneer of compilers.',
    certifications: ['Naval Reserve commission'],
    // A key no list of identifying fields names: the blind view keeps by allow-list.
    linkedin: 'https://linkedin.example/in/amazing-grace',
  },
  scoreSummary: 'Grace would lead the compiler team from day one.',
  rationale: 'Met Grace at the interview: she is the one.',
};
/** What gives her away, in any answer (matched case-insensitively). */
const MARKERS = ['grace', 'hopper', 'brewster', 'yale', '555 0199', 'admiral', 'naval'];
/** What a blind key still sees. */
const SKILLS = ['COBOL', 'Compiler design', 'Team leadership'];
const EXPERIENCE = '40 years building languages and the tools that run them';
const CRITERIA = [
  { name: 'Required skills', score: 95, weight: 0.6 },
  { name: 'Seniority', score: 90, weight: 0.4 },
];

const leaks = (text: string) => MARKERS.filter((marker) => text.toLowerCase().includes(marker));

/**
 * A tenant with one candidate who can be told apart in every way the service holds, a sighted review
 * of her score, and two keys of the same scopes: one sighted, one blind.
 */
async function tenantWithCandidate() {
  const sighted = await tenantWithKey(db(), ['read', 'write', 'admin']);
  const { tenantId } = sighted;
  const blind = await createKey(db(), tenantId, {
    name: 'blind screening',
    scopes: ['read', 'write', 'admin'],
    createdBy: 'test',
    blind: true,
  });
  await product(tenantId, 'jd.upserted', {
    id: JD,
    title: 'Principal Compiler Engineer',
    description: 'Owns the language toolchain.',
    createdById: 'u-1',
    status: 'PUBLISHED',
  });
  await product(tenantId, 'resume.upserted', {
    id: RESUME,
    fileName: IDENTITY.fileName,
    parseStatus: 'COMPLETED',
    metadata: { ...IDENTITY.metadata, skills: SKILLS, experience: EXPERIENCE },
  });
  await product(tenantId, 'resume.upserted', {
    id: STRUCTURED,
    fileName: 'cv-2.pdf',
    parseStatus: 'COMPLETED',
    metadata: {
      skills: ['FORTRAN', { name: 'Compilers', endorsedBy: 'Grace Hopper' }],
      experience: [{ employer: 'US Navy', referee: 'Grace Hopper, grace.hopper@navy.example' }],
    },
  });
  await product(tenantId, 'resume.upserted', { id: ERASED, fileName: 'gone.pdf' });
  await product(tenantId, 'resume.deleted', { id: ERASED });
  const scoredAt = new Date(Date.now() - 3_600_000).toISOString();
  await product(tenantId, 'application.upserted', {
    id: APPLICATION,
    jdId: JD,
    resumeId: RESUME,
    aiScores: [
      {
        overallScore: 93,
        scoredAt,
        model: { id: 'match-ranker', version: '3.1' },
        criteria: CRITERIA,
        summary: IDENTITY.scoreSummary,
      },
    ],
  });
  const review = await callApi('POST', `/applications/${APPLICATION}/reviews`, {
    key: sighted.key,
    body: { outcome: 'confirmed', reviewer: 'recruiter-7', rationale: IDENTITY.rationale },
  });
  expect(review.status, review.text).toBe(201);
  expect(review.json.data.blind).toBe(false);
  const webhook = await callApi('POST', '/webhooks', {
    key: sighted.key,
    body: { url: 'http://127.0.0.1:9/hiring-events', events: ['*'] },
  });
  expect(webhook.status, webhook.text).toBe(201);
  return {
    webhookId: webhook.json.data.id as string,
    tenantId,
    sightedKey: sighted.key,
    blindKey: blind.key,
    blindKeyId: blind.record.id,
    sightedReviewId: review.json.data.id as string,
    scoredAt,
  };
}

type Tenant = Awaited<ReturnType<typeof tenantWithCandidate>>;

/** A value for each path parameter of the route table, from the tenant's data. */
async function pathValues(t: Tenant): Promise<Record<string, string>> {
  const events = await callApi('GET', '/events?limit=1', { key: t.sightedKey });
  // That request's entry in the request log, handed to its writer now.
  await flushLocalRequestLog();
  return {
    jdId: JD,
    resumeId: RESUME,
    applicationId: APPLICATION,
    reviewId: t.sightedReviewId,
    eventId: events.json.data[0].id,
    keyId: t.blindKeyId,
    webhookId: t.webhookId,
    requestId: events.headers['request-id']!,
  };
}

/** Every read of the route table (and each delta walk), as paths with their parameters filled in. */
function everyRead(values: Record<string, string>): { id: RouteId; path: string; delta?: true }[] {
  const since = encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString());
  return (Object.entries(ROUTES) as [RouteId, (typeof ROUTES)[RouteId]][])
    .filter(([, route]) => route.method === 'GET')
    .flatMap(([id, route]) => {
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = values[name];
        if (value === undefined) throw new Error(`No value for {${name}} of ${id}: add one`);
        return value;
      });
      return [
        { id, path },
        ...('deltaSync' in route
          ? [{ id, path: `${path}?updatedSince=${since}`, delta: true as const }]
          : []),
      ];
    });
}

describe('blind keys', () => {
  it('no read of the route table tells a blind key who the candidate is; a sighted key is told on each route that shows candidate data', async () => {
    const t = await tenantWithCandidate();
    const reads = everyRead(await pathValues(t));
    const showing = new Set<string>();
    for (const { id, path, delta } of reads) {
      const seen = await callApi('GET', path, { key: t.sightedKey });
      expect(seen.status, `${path}: ${seen.text}`).toBe(200);
      if (leaks(seen.text).length > 0) showing.add(delta ? `${id} (delta)` : id);
      const blind = await callApi('GET', path, { key: t.blindKey });
      expect(blind.status, `${path}: ${blind.text}`).toBe(200);
      expect(leaks(blind.text), `GET ${path} with a blind key: ${blind.text}`).toEqual([]);
      // A delta walk's deletions pass through the blind view as they are.
      if (delta && (id === 'listResumes' || id === 'listCandidates'))
        expect(blind.json.data).toContainEqual(
          expect.objectContaining({ id: ERASED, deleted: true }),
        );
    }
    // The seeds reach every route that answers candidate data: a route that stopped showing her to a
    // sighted key would make the blind check above prove nothing for it.
    expect([...showing].sort()).toEqual(
      [
        'exportCandidate',
        'getApplication',
        'getResume',
        'getReview',
        'listCandidates',
        'listCandidates (delta)',
        'listMatches',
        'listResumes',
        'listResumes (delta)',
      ].sort(),
    );
  });

  it('keeps scores, criteria, skills and experience, and says what it left out', async () => {
    const t = await tenantWithCandidate();
    const key = t.blindKey;

    const resume = await callApi('GET', `/resumes/${RESUME}`, { key });
    expect(resume.json.data).toEqual({
      id: RESUME,
      fileName: HIDDEN_FILE_NAME,
      parseStatus: 'COMPLETED',
      metadata: { skills: SKILLS, experience: EXPERIENCE },
      createdAt: expect.any(String),
    });
    const matches = await callApi('GET', `/matches/${JD}`, { key });
    expect(matches.json.data).toEqual([
      expect.objectContaining({
        applicationId: APPLICATION,
        resumeId: RESUME,
        candidate: null,
        email: null,
        aiScore: 93,
        reviewed: true,
        reviewOutcome: 'confirmed',
      }),
    ]);
    const application = await callApi('GET', `/applications/${APPLICATION}`, { key });
    expect(application.json.data.aiScores).toEqual([
      {
        overallScore: 93,
        scoredAt: t.scoredAt,
        model: { id: 'match-ranker', version: '3.1' },
        criteria: CRITERIA,
        stale: false,
      },
    ]);
    // The sighted review stays, with its decision; not what the person who saw her wrote.
    expect(application.json.data.reviews).toEqual([
      expect.objectContaining({
        id: t.sightedReviewId,
        outcome: 'confirmed',
        reviewer: 'recruiter-7',
        rationale: null,
        blind: false,
      }),
    ]);
    const candidates = await callApi('GET', '/candidates', { key });
    expect(candidates.json.data).toContainEqual(
      expect.objectContaining({
        id: RESUME,
        fileName: HIDDEN_FILE_NAME,
        metadata: { skills: SKILLS, experience: EXPERIENCE },
        applications: [expect.objectContaining({ id: APPLICATION })],
      }),
    );
    // Skills and experience in another shape than the spec's can hold anything: only strings stay.
    const structured = await callApi('GET', `/resumes/${STRUCTURED}`, { key });
    expect(structured.json.data.metadata).toEqual({ skills: ['FORTRAN'] });
    // The lists show every key the same (the contract's array of strings, whatever the product sent).
    const listed = await callApi('GET', '/resumes', { key: t.sightedKey });
    expect(listed.json.data).toContainEqual(
      expect.objectContaining({ id: STRUCTURED, metadata: { skills: ['FORTRAN'] } }),
    );
    // The same reads with the sighted key show her (the blind answers above are views, not losses).
    const sighted = await callApi('GET', `/resumes/${RESUME}`, { key: t.sightedKey });
    expect(sighted.json.data.fileName).toBe(IDENTITY.fileName);
    expect(sighted.json.data.metadata).toMatchObject(IDENTITY.metadata);
  });

  it('refuses a blind key a search by file name or e-mail, which would say whose resume an id is', async () => {
    const t = await tenantWithCandidate();
    for (const query of ['search=hopper', 'email=grace.hopper%40navy.example']) {
      const refused = await callApi('GET', `/candidates?${query}`, { key: t.blindKey });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json).toMatchObject({
        code: 'validation_failed',
        details: [{ field: query.split('=')[0], rule: 'blind_key' }],
      });
      const sighted = await callApi('GET', `/candidates?${query}`, { key: t.sightedKey });
      expect(sighted.json.data.map((c: { id: string }) => c.id)).toContain(RESUME);
    }
  });

  it('marks a review recorded with a blind key, in the review, the application and application.reviewed', async () => {
    const t = await tenantWithCandidate();
    const recorded = await callApi('POST', `/applications/${APPLICATION}/reviews`, {
      key: t.blindKey,
      body: {
        outcome: 'overridden',
        reviewer: 'panel-3',
        rationale: 'Compiler depth beyond the criteria.',
      },
    });
    expect(recorded.status, recorded.text).toBe(201);
    expect(recorded.json.data).toMatchObject({
      outcome: 'overridden',
      rationale: 'Compiler depth beyond the criteria.',
      blind: true,
    });
    const reviews = (await callApi('GET', `/applications/${APPLICATION}`, { key: t.sightedKey }))
      .json.data.reviews;
    expect(reviews.map((r: { blind: boolean }) => r.blind)).toEqual([true, false]);
    // The sighted key reads both rationales; the blind one its own only.
    expect(reviews.map((r: { rationale: string }) => r.rationale)).toEqual([
      'Compiler depth beyond the criteria.',
      IDENTITY.rationale,
    ]);
    const events = await callApi('GET', '/events?type=application.reviewed', {
      key: t.sightedKey,
    });
    expect(
      events.json.data.map((e: { data: { reviewId: string; blind: boolean } }) => [
        e.data.reviewId,
        e.data.blind,
      ]),
    ).toEqual([
      [t.sightedReviewId, false],
      [recorded.json.data.id, true],
    ]);
  });

  it('shows `blind` in POST and GET /keys, whoami and key.created; a blind key makes only blind keys', async () => {
    const t = await tenantWithCandidate();
    const made = await callApi('POST', '/keys', {
      key: t.sightedKey,
      body: { name: 'assistant', scopes: ['read'], blind: true },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.json.data.blind).toBe(true);
    const sightedMade = await callApi('POST', '/keys', {
      key: t.sightedKey,
      body: { name: 'dashboard', scopes: ['read'] },
    });
    expect(sightedMade.json.data.blind).toBe(false);

    const whoami = await callApi('GET', '/whoami', { key: made.json.data.key });
    expect(whoami.json.data.blind).toBe(true);
    expect((await callApi('GET', '/whoami', { key: t.sightedKey })).json.data.blind).toBe(false);
    const listed = await callApi('GET', '/keys', { key: t.sightedKey });
    const blindness = Object.fromEntries(
      listed.json.data.map((k: { name: string; blind: boolean }) => [k.name, k.blind]),
    );
    expect(blindness).toMatchObject({ assistant: true, dashboard: false, 'blind screening': true });
    const created = await callApi('GET', '/events?type=key.created', { key: t.sightedKey });
    expect(
      created.json.data
        .filter((e: { data: { name: string } }) => ['assistant', 'dashboard'].includes(e.data.name))
        .map((e: { data: { name: string; blind: boolean } }) => [e.data.name, e.data.blind]),
    ).toEqual([
      ['assistant', true],
      ['dashboard', false],
    ]);

    // A blind admin key could otherwise make itself a sighted one.
    const byBlind = await callApi('POST', '/keys', {
      key: t.blindKey,
      body: { name: 'child', scopes: ['read'] },
    });
    expect(byBlind.status, byBlind.text).toBe(201);
    expect(byBlind.json.data.blind).toBe(true);
    const seeing = await callApi('POST', '/keys', {
      key: t.blindKey,
      body: { name: 'child', scopes: ['read'], blind: false },
    });
    expect(seeing.status, seeing.text).toBe(400);
    expect(seeing.json.details).toEqual([
      expect.objectContaining({ field: 'blind', rule: 'blind_key' }),
    ]);
  });

  it('hides the sample candidates of a test space from a blind test key', async () => {
    const admin = await tenantWithKey(db(), ['admin']);
    const made = await callApi('POST', '/keys', {
      key: admin.key,
      body: { name: 'blind sandbox', scopes: ['read'], mode: 'test', blind: true },
    });
    expect(made.status, made.text).toBe(201);
    const blind = await callApi('GET', '/candidates?limit=100', { key: made.json.data.key });
    expect(blind.json.data.length).toBeGreaterThan(0);
    expect(new Set(blind.json.data.map((c: { fileName: string }) => c.fileName))).toEqual(
      new Set([HIDDEN_FILE_NAME]),
    );
    const matches = await callApi(
      'GET',
      `/matches/${blind.json.data[0].applications[0].jobDescription.id}`,
      { key: made.json.data.key },
    );
    expect(matches.json.data.length).toBeGreaterThan(0);
    expect(
      matches.json.data.every(
        (m: { candidate: unknown; email: unknown }) => m.candidate === null && m.email === null,
      ),
    ).toBe(true);
    // Nor do the ids it is shown spell them: no part of a sample person's name in any id.
    const names = SAMPLE_PEOPLE.flatMap(([name]) =>
      name
        .toLowerCase()
        .split(' ')
        .filter((part) => part !== 'sample'),
    );
    const ids = blind.json.data.flatMap(
      (candidate: { id: string; applications: { id: string }[] }) => [
        candidate.id,
        ...candidate.applications.map((application) => application.id),
      ],
    );
    expect(ids.length).toBeGreaterThan(8);
    for (const id of ids)
      expect(
        names.filter((part: string) => id.toLowerCase().includes(part)),
        id,
      ).toEqual([]);
  });
});

describe('blind keys over MCP', () => {
  const connect = useMcpClients(baseUrl);

  it('no tool tells a blind key who the candidate is, and its reviews are marked blind', async () => {
    const t = await tenantWithCandidate();
    const blind = await connect(t.blindKey);
    const sighted = await connect(t.sightedKey);
    expect(blind.getInstructions()).toContain('This key is blind');
    expect(sighted.getInstructions()).not.toContain('blind');

    const calls: [string, Record<string, unknown>][] = [
      ['list_jds', {}],
      ['get_jd', { jdId: JD }],
      ['list_matches', { jdId: JD }],
      ['list_applications', {}],
      ['get_application', { applicationId: APPLICATION }],
      ['search_candidates', {}],
      ['list_events', {}],
      ['list_requests', {}],
    ];
    const listed = (await blind.listTools()).tools;
    const tools = listed.map((tool) => tool.name);
    // The arguments a blind key may not send are not offered to its model.
    const search = (tools: typeof listed) =>
      Object.keys(
        tools.find((tool) => tool.name === 'search_candidates')?.inputSchema.properties ?? {},
      );
    expect(search(listed)).not.toContain('search');
    expect(search(listed)).not.toContain('email');
    expect(search((await sighted.listTools()).tools)).toEqual(
      expect.arrayContaining(['search', 'email']),
    );
    // Every tool is called here: a new one must be added to this list.
    expect([...calls.map(([name]) => name), 'record_review'].sort()).toEqual([...tools].sort());
    for (const [name, args] of calls) {
      const seen = JSON.stringify(await sighted.callTool({ name, arguments: args }));
      const result = await blind.callTool({ name, arguments: args });
      expect(result.isError, `${name}: ${JSON.stringify(result)}`).toBeFalsy();
      expect(leaks(JSON.stringify(result)), `${name} with a blind key`).toEqual([]);
      // Where the sighted key is shown her, the blind key is shown the same record, seen blind.
      if (leaks(seen).length > 0)
        expect(JSON.stringify(result.structuredContent)).toContain(
          name === 'list_matches' ? APPLICATION : RESUME,
        );
    }
    const application = await blind.callTool({
      name: 'get_application',
      arguments: { applicationId: APPLICATION },
    });
    expect(application.structuredContent).toMatchObject({
      data: { aiScores: [{ overallScore: 93, criteria: CRITERIA }] },
    });

    for (const [field, value] of [
      ['search', 'hopper'],
      ['email', 'grace.hopper@navy.example'],
    ]) {
      const refused = await blind.callTool({
        name: 'search_candidates',
        arguments: { [field as string]: value },
      });
      expect(refused.isError).toBe(true);
      expect(JSON.parse((refused.content as { text: string }[])[0]?.text ?? '')).toMatchObject({
        code: 'validation_failed',
        details: [{ field, rule: 'blind_key' }],
      });
    }

    const review = await blind.callTool({
      name: 'record_review',
      arguments: {
        applicationId: APPLICATION,
        outcome: 'confirmed',
        reviewer: 'assistant-1',
        idempotencyKey: 'blind-review-1',
      },
    });
    expect(review.isError, JSON.stringify(review)).toBeFalsy();
    expect(review.structuredContent).toMatchObject({ data: { blind: true } });
    const events = await callApi('GET', '/events?type=application.reviewed', {
      key: t.sightedKey,
    });
    expect(events.json.data.at(-1).data).toMatchObject({
      reviewId: (review.structuredContent as { data: { id: string } }).data.id,
      blind: true,
    });
  });
});
