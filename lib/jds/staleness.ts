import type { Db } from '../db/client.js';
import { batchGet } from '../db/dynamo.js';
import { type JdHeadItem, jdKeys } from './model.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * Stale scores: a score given before its JD's scoring inputs (title, description, experience,
 * requirements) last changed was computed against a JD that is no longer there. Nothing is written to
 * the applications when a JD changes: the JD head keeps when its inputs last changed, and each read
 * compares that time with each score's `scoredAt`.
 */

/** When each JD's scoring inputs last changed (JD id → time), for the JDs that ever changed them. */
export type ScoringInputsChanges = ReadonlyMap<string, string>;

/** When the scoring inputs of each of `jdIds` last changed: one BatchGet of their heads' two attributes. */
export async function readScoringInputsChanges(
  db: Db,
  spaceId: SpaceId,
  jdIds: Iterable<string>,
): Promise<ScoringInputsChanges> {
  const unique = [...new Set(jdIds)];
  if (unique.length === 0) return new Map();
  const heads = await batchGet<Pick<JdHeadItem, 'pk' | 'sk' | 'id' | 'scoringInputsChangedAt'>>(
    db,
    unique.map((jdId) => jdKeys.head(spaceId, jdId)),
    { projection: 'id, scoringInputsChangedAt' },
  );
  const changes = new Map<string, string>();
  for (const head of heads)
    if (head.scoringInputsChangedAt !== undefined)
      changes.set(head.id, head.scoringInputsChangedAt);
  return changes;
}
