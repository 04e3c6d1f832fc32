import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryAll } from '../../lib/db/dynamo.js';
import { liveSpaceOf } from '../../lib/db/spaces.js';
import { tenantPk, underPrefix } from '../../lib/db/ids.js';
import { batchWriteAll } from '../../scripts/bench/seed.js';
import { useTestDb } from '../helpers/db.js';

const db = useTestDb();

/** The characters the table's sort keys are made of: printable ASCII (prefixes, ids, times, `#`). */
const keyText = (maxLength: number) =>
  fc
    .array(fc.integer({ min: 0x20, max: 0x7e }), { minLength: 1, maxLength })
    .map((codes) => String.fromCharCode(...codes));

describe("a query under a prefix (lib/db/ids.ts's range)", () => {
  it('selects exactly the items begins_with selects, in the same order, for every key the table holds', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(keyText(12), { minLength: 1, maxLength: 40 }),
        keyText(4),
        async (suffixes, prefix) => {
          const spaceId = liveSpaceOf(`prefix-${run++}`);
          // Keys that start with the prefix, that share only part of it, and that sort just past it.
          const sortKeys = [
            ...new Set(
              suffixes.flatMap((suffix) => [
                `${prefix}${suffix}`,
                suffix,
                `${prefix.slice(0, -1)}${suffix}`,
                `${prefix}~${suffix}`,
              ]),
            ),
          ];
          await batchWriteAll(
            db(),
            sortKeys.map((sk) => ({ pk: tenantPk(spaceId), sk, entity: 'TEST' })) as never,
          );
          const asRange = await queryAll<{ sk: string }>(db(), underPrefix(spaceId, prefix));
          const byBeginsWith = await queryAll<{ sk: string }>(db(), {
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': tenantPk(spaceId), ':prefix': prefix },
          });

          expect(asRange.map((item) => item.sk)).toEqual(byBeginsWith.map((item) => item.sk));
          expect(asRange.every((item) => item.sk.startsWith(prefix))).toBe(true);
          expect(asRange.length).toBe(sortKeys.filter((sk) => sk.startsWith(prefix)).length);
        },
      ),
      { numRuns: 25 },
    );
  });
});
