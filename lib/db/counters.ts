import type { Db } from './client.js';
import { type Addition, addTo, queryAll } from './dynamo.js';
import {
  COUNTER_SHARDS,
  type CounterItem,
  type CounterKind,
  counterKeys,
  countOf,
} from './entities/counter.js';
import { underPrefix } from './ids.js';
import type { SpaceId } from './spaces.js';

export type { CounterKind };

/** One count of a tenant: its shards, read in one Query and summed. */
export async function readCount(
  db: Db,
  spaceId: SpaceId,
  kind: CounterKind,
  field = 'total',
): Promise<number> {
  const shards = await queryAll<CounterItem>(db, {
    ...underPrefix(spaceId, counterKeys.prefix(kind)),
    ProjectionExpression: '#f',
    ExpressionAttributeNames: { '#f': field },
  });
  return countOf(shards, field);
}

/** A transaction item that adds each delta to its field, on one shard chosen at random. */
export function counterDelta(
  spaceId: SpaceId,
  kind: CounterKind,
  deltas: Record<string, number>,
): Addition {
  return addTo(
    counterKeys.shard(spaceId, kind, Math.floor(Math.random() * COUNTER_SHARDS)),
    deltas,
  );
}
