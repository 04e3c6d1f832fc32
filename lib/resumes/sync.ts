import { noteChanges } from '../db/log/entries.js';
import type { Db } from '../db/client.js';
import { counterDelta } from '../db/counters.js';
import { optimistically, type TransactItems, transactWrite } from '../db/dynamo.js';
import { applicationKeys } from '../matching/items.js';
import { recordEvent } from '../events/model.js';
import { type ProductWrite, versionVerdict } from '../db/entities/tombstone.js';
import { nowIso } from '../db/ids.js';
import { propagate, putOverRead, readChanged, writeTombstone } from '../db/versioned-writes.js';
import type { ParseStatus } from './statuses.js';
import {
  candidateEmailItem,
  candidateIdentity,
  emailHash,
  normalizedEmail,
  type Resume,
  type ResumeItem,
  type ResumeMetadata,
  resumeItem,
  resumeKeys,
} from './model.js';
import { candidateChangeItem } from '../matching/copies.js';
import { copiesOf, readStoredResume } from './store.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * What the product's events do to resumes (lib/product-events): each carries the product's version of
 * the resume, and one no newer than what is stored is ignored. Integrators only read resumes.
 */

export interface ResumeImport {
  id?: string | undefined;
  fileName: string;
  parseStatus?: ParseStatus | undefined;
  metadata?: ResumeMetadata | undefined;
  createdAt?: string | undefined;
}

/**
 * Applies the product's version `sourceVersion` of a resume (its id given): created, updated, or
 * ignored when what is stored (the resume, or the tombstone of its erasure) is as new or newer.
 *
 * A new name or e-mail must reach the copy on every application, however many there are (a transaction
 * holds at most 100 items). The resume records the version at which its identity changed
 * (`identityVersion`); after the resume is written, each application's copy is updated unless it
 * already holds that identity or a newer one, and the resume is then marked synced. A propagation cut
 * short (a crash, a timeout) is finished by the next upsert of the resume, so re-runs converge.
 */
export async function applyResumeUpsert(
  db: Db,
  spaceId: SpaceId,
  input: ResumeImport & { id: string },
  options: { sourceVersion: number; now?: Date },
): Promise<ProductWrite<Resume>> {
  const { id } = input;
  const now = options.now ?? new Date();
  const write = await optimistically(async () => {
    const stored = await readStoredResume(db, spaceId, id);
    const ignored = versionVerdict(stored, options.sourceVersion);
    if (ignored) return ignored;
    const existing = stored?.entity === 'RESUME' ? stored : undefined;
    const at = nowIso(now);
    const metadata = input.metadata ?? existing?.metadata ?? {};
    const resume: Resume = {
      id,
      fileName: input.fileName,
      parseStatus: input.parseStatus ?? existing?.parseStatus ?? 'PENDING',
      metadata,
      createdAt: input.createdAt ?? existing?.createdAt ?? at,
    };
    const version = existing?.version ?? 0;
    const identity = candidateIdentity(metadata);
    const before = candidateIdentity(existing?.metadata);
    const identityChanged =
      identity.candidate !== before.candidate || identity.email !== before.email;
    const identityVersion = identityChanged || !existing ? version + 1 : existing.identityVersion;
    const item = resumeItem(spaceId, resume, {
      updatedAt: at,
      version: version + 1,
      identityVersion,
      // A new resume has no application to tell.
      identitySyncedVersion: existing ? existing.identitySyncedVersion : identityVersion,
      sourceVersion: options.sourceVersion,
    });
    const items: TransactItems = [
      putOverRead(db.tableName, item, stored),
      ...emailIndexChanges(db, spaceId, id, before.email, identity.email),
      { Put: { TableName: db.tableName, Item: candidateChangeItem(spaceId, id) } },
    ];
    if (!existing) items.push(counterDelta(spaceId, 'RESUME', { total: 1 }));
    // A change integrators are not told of (metadata they do not see) still changes what lists show.
    items.push(
      !existing || changedForIntegrators(existing, resume)
        ? recordEvent(spaceId, existing ? 'resume.updated' : 'resume.created', {
            id,
            parseStatus: resume.parseStatus,
            updatedAt: at,
          })
        : noteChanges(spaceId),
    );
    await transactWrite(db, items);
    return { outcome: 'applied' as const, created: !existing, value: resume, item };
  }, readChanged);
  if (write.outcome === 'ignored') return write;
  if (write.item.identitySyncedVersion !== write.item.identityVersion)
    await propagateIdentity(db, spaceId, write.item);
  return { outcome: 'applied', created: write.created, value: write.value };
}

/**
 * The writes that move a resume's e-mail index entry from one address to another (either may be none):
 * nothing when the address is the same once normalized. Deleting an entry that is not there (a resume
 * written before the index, until `npm run admin -- index-candidate-emails` ran) does nothing.
 */
export function emailIndexChanges(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
  before: string | null,
  after: string | null,
): TransactItems {
  const from = before === null ? undefined : normalizedEmail(before);
  const to = after === null ? undefined : normalizedEmail(after);
  if (from === to) return [];
  return [
    ...(from
      ? [
          {
            Delete: {
              TableName: db.tableName,
              Key: resumeKeys.email(spaceId, emailHash(spaceId, from), resumeId),
            },
          },
        ]
      : []),
    ...(to
      ? [{ Put: { TableName: db.tableName, Item: candidateEmailItem(spaceId, to, resumeId) } }]
      : []),
  ];
}

/** Whether a new version of a resume changes what the API shows of it (else no event is recorded). */
function changedForIntegrators(before: ResumeItem, after: Resume): boolean {
  return (
    before.fileName !== after.fileName ||
    before.parseStatus !== after.parseStatus ||
    JSON.stringify(before.metadata) !== JSON.stringify(after.metadata)
  );
}

/**
 * The resume's own part of the product's erasure of a resume at `sourceVersion`: the resume becomes
 * a tombstone that holds no personal data, the count moves. Every application of the candidate goes
 * after, with it (lib/applications/cascades.ts's applyResumeErasure, which calls this).
 */
export async function applyResumeTombstone(
  db: Db,
  spaceId: SpaceId,
  resumeId: string,
  options: { sourceVersion: number; now?: Date },
): Promise<ProductWrite<undefined>> {
  const now = options.now ?? new Date();
  const write = await writeTombstone<ResumeItem>(
    db,
    { spaceId, key: resumeKeys.item(spaceId, resumeId), of: 'RESUME', id: resumeId },
    () => readStoredResume(db, spaceId, resumeId),
    { sourceVersion: options.sourceVersion, now },
    (live) => [
      // The e-mail's index entry goes with the resume: nothing finds an erased candidate.
      ...emailIndexChanges(db, spaceId, resumeId, candidateIdentity(live.metadata).email, null),
      // The candidates' delta walk reports the erasure (reading the tombstone); its entry goes with it.
      { Put: { TableName: db.tableName, Item: candidateChangeItem(spaceId, resumeId, now) } },
      counterDelta(spaceId, 'RESUME', { total: -1 }),
      recordEvent(spaceId, 'resume.deleted', { id: resumeId, updatedAt: nowIso(now) }),
    ],
  );
  return write;
}

/** Brings every application's copy of the candidate's name and e-mail to the resume's, then marks it synced. */
async function propagateIdentity(db: Db, spaceId: SpaceId, resume: ResumeItem): Promise<void> {
  const identity = candidateIdentity(resume.metadata);
  await propagate(
    db,
    await copiesOf<'id' | 'jdId'>(db, spaceId, resume.id, 'id, jdId'),
    (copy) => ({
      Key: applicationKeys.item(spaceId, copy.jdId, copy.id),
      UpdateExpression: 'SET candidate = :candidate, email = :email, identityVersion = :v',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(identityVersion) OR identityVersion < :v)',
      ExpressionAttributeValues: {
        ':candidate': identity.candidate,
        ':email': identity.email,
        ':v': resume.identityVersion,
      },
    }),
    {
      Key: resumeKeys.item(spaceId, resume.id),
      UpdateExpression: 'SET identitySyncedVersion = :v',
      ConditionExpression: 'identityVersion = :v',
      ExpressionAttributeValues: { ':v': resume.identityVersion },
    },
  );
}
