import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { sequencePending } from '../../lib/db/log/sequencer.js';
import { deltaPage } from '../../lib/db/log/walk.js';
import { putItem, toWriteItems, transactWrite } from '../../lib/db/dynamo.js';
import { noteChanges } from '../../lib/db/log/entries.js';
import { candidateChangeItem } from '../../lib/matching/copies.js';
import { ensureTenant } from '../../lib/db/tenants.js';
import { recordEvent } from '../../lib/events/model.js';
import { listEvents } from '../../lib/events/store.js';
import { newTenantId, useTestDb } from '../helpers/db.js';

const db = useTestDb();
const RUNS = Number(process.env.PROPERTY_RUNS ?? 15);

/**
 * What happens to a space's log, in steps; the actions of one step run at once (their DynamoDB calls
 * interleave as they will):
 * - `write`: a write commits. Its entry was stamped `lateBy` ms before it commits (a write delayed
 *   in flight, or retried by its client, or one its client gave up on whose transaction still
 *   committed on the server), so writes commit out of their stamps' order;
 * - `resend`: the transaction of an earlier write is sent again (a retry of one that did commit);
 * - `read`: a reader takes the next page after its cursor (GET /events);
 * - `sequence`: the stream's consumer sequences the space (the webhook dispatcher).
 */
type Action =
  | { kind: 'write'; lateBy: number }
  | { kind: 'resend'; which: number }
  | { kind: 'read'; reader: number; limit: number }
  | { kind: 'sequence' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      lateBy: fc.integer({ min: 0, max: 120_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resend' as const), which: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      reader: fc.integer({ min: 0, max: 2 }),
      limit: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sequence' as const) }) },
);

describe('the ordered log', () => {
  it('shows each committed change once, in order, to every reader following cursors, whatever order writes commit in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(action, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }),
        async (steps) => {
          const spaceId = newTenantId('ordered');
          await ensureTenant(db(), spaceId);
          const sent: { items: ReturnType<typeof toWriteItems>; token: string }[] = [];
          const committed = new Set<string>();
          const readers = [0, 1, 2].map(() => ({
            after: undefined as string | undefined,
            seen: [] as string[],
            queue: Promise.resolve() as Promise<unknown>,
          }));
          // A reader follows its cursor: its own reads go one after the other.
          const readPage = (reader: (typeof readers)[number], limit: number) => {
            const page = reader.queue.then(() => nextPage(reader, limit));
            reader.queue = page.then(() => undefined);
            return page;
          };
          const nextPage = async (reader: (typeof readers)[number], limit: number) => {
            const page = await listEvents(db(), spaceId, { after: reader.after, limit });
            reader.seen.push(
              ...page.events.map((event) => `${event.id} ${(event.data as { id: string }).id}`),
            );
            reader.after = page.nextCursor ?? reader.after;
            return page;
          };
          // As the SDK sends it, and sends it again when an attempt timed out: with one request token.
          const send = ({ items, token }: (typeof sent)[number]) =>
            db().client.send(
              new TransactWriteCommand({ TransactItems: items, ClientRequestToken: token }),
            );

          for (const step of steps) {
            await Promise.all(
              step.map(async (act) => {
                if (act.kind === 'write') {
                  const change = `jd-${sent.length}`;
                  const stamped = new Date(Date.now() - act.lateBy);
                  const items = toWriteItems(
                    db().tableName,
                    [
                      recordEvent(spaceId, 'jd.deleted', {
                        id: change,
                        updatedAt: stamped.toISOString(),
                      }),
                    ],
                    stamped,
                  );
                  const write = { items, token: randomUUID() };
                  sent.push(write);
                  await send(write);
                  committed.add(change);
                } else if (act.kind === 'resend') {
                  // The write committed the first time: DynamoDB answers the token's outcome again.
                  const write = sent[act.which % Math.max(1, sent.length)];
                  if (write) await send(write);
                } else if (act.kind === 'read') {
                  await readPage(readers[act.reader] as (typeof readers)[number], act.limit);
                } else {
                  await sequencePending(db(), spaceId);
                }
              }),
            );
          }
          for (const reader of readers) {
            while ((await readPage(reader, 50)).hasMore);
            const changes = reader.seen.map((seen) => seen.split(' ')[1]);
            // Each committed change once, none invented, in the order of ids.
            expect(new Set(changes).size).toBe(changes.length);
            expect(new Set(changes)).toEqual(committed);
            const ids = reader.seen.map((seen) => seen.split(' ')[0] as string);
            expect([...ids].sort()).toEqual(ids);
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('gives a reader that keeps losing its race, with no sequencer placing meanwhile, a retryable conflict, never a head short of the writes before it', async () => {
    const spaceId = newTenantId('ordered');
    await ensureTenant(db(), spaceId);
    await transactWrite(db(), [
      recordEvent(spaceId, 'jd.deleted', { id: 'jd-before', updatedAt: new Date().toISOString() }),
    ]);
    // Every sequencing transaction loses to a transaction that never commits: the head stays put.
    const name = 'sequencingAlwaysConflicts';
    db().client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand')
          throw new TransactionCanceledException({
            message: 'Transaction cancelled',
            $metadata: {},
            CancellationReasons: [{ Code: 'TransactionConflict' }],
          });
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      await expect(listEvents(db(), spaceId, { limit: 10 })).rejects.toMatchObject({
        code: 'concurrent_change',
      });
    } finally {
      db().client.middlewareStack.remove(name);
    }
    const page = await listEvents(db(), spaceId, { limit: 10 });
    expect(page.events.map((event) => (event.data as { id: string }).id)).toEqual(['jd-before']);
  });

  it("notes in the log a listed item written with the entry its write names, outside any event's transaction, and refuses one written alone", async () => {
    const spaceId = newTenantId('ordered');
    await ensureTenant(db(), spaceId);
    const first = await deltaPage(
      db(),
      spaceId,
      'candidates',
      'candidate',
      { limit: 10 },
      async (entries) => entries,
    );
    await expect(
      // @ts-expect-error: a listed item does not compile as putItem's; refused if it comes anyway
      putItem(db(), { Item: candidateChangeItem(spaceId, 'resume-unnoted') }),
    ).rejects.toThrow(/log entry/);
    await transactWrite(db(), [
      { Put: { TableName: db().tableName, Item: candidateChangeItem(spaceId, 'resume-alone') } },
      noteChanges(spaceId),
    ]);
    const next = await deltaPage(
      db(),
      spaceId,
      'candidates',
      'candidate',
      { limit: 10, syncToken: first.syncToken },
      async (entries) => entries,
    );
    expect(next.items.map((item) => item.id)).toEqual(['resume-alone']);
  });
});
