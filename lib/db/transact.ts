import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '../errors.js';
import type { Db } from './client.js';

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

const MAX_ATTEMPTS = 4;

function cancellationCodes(error: unknown): (string | undefined)[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return error.CancellationReasons?.map((reason) => reason.Code);
}

/** True when the transaction was cancelled because the condition of item `index` failed. */
export function conditionFailedAt(error: unknown, index: number): boolean {
  return cancellationCodes(error)?.[index] === 'ConditionalCheckFailed';
}

export function isConditionFailure(error: unknown): boolean {
  return (
    (error as { name?: string })?.name === 'ConditionalCheckFailedException' ||
    (cancellationCodes(error)?.includes('ConditionalCheckFailed') ?? false)
  );
}

/** Awaits a conditional write whose failed condition means "nothing to do". */
export async function ignoreConditionFailure(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * TransactWriteItems with a bounded retry when another transaction touched the same items
 * (TransactionConflict). The SDK does not retry these; after MAX_ATTEMPTS the caller gets a 409.
 */
export async function transactWrite(db: Db, items: TransactItems): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.client.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      const conflicted = codes?.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflicted) throw error;
      if (attempt >= MAX_ATTEMPTS) {
        throw new ApiError(409, 'The resource is being changed by another request; retry shortly', {
          headers: { 'Retry-After': '1' },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt + Math.random() * 20));
    }
  }
}
