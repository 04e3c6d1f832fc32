import * as z from 'zod/mini';
import type { Db } from '../../db/client.js';
import { ConflictError, InvalidInputError } from '../../errors.js';
import { logger } from '../../observability/logger.js';
import { jsonNestingDepth, MAX_EVENT_NESTING } from '../../schemas/json-depth.js';
import { parseOrThrow } from '../../schemas/parse.js';
import { refuseMalformedText } from '../../schemas/well-formed.js';
import {
  PRODUCT_EVENT_SOURCE,
  PRODUCT_EVENT_TYPES,
  type ProductEvent,
  productEvent,
} from '../../product-events/data.js';
import { applyProductEvent, type EventOutcome } from './apply.js';

/**
 * A message of the product-events queue is an EventBridge event (source "hiring.product",
 * detail-type = the event type, detail = the event) as the bus's rule delivers it to SQS.
 */
const eventBridgeEnvelope = z.object({
  source: z.literal(PRODUCT_EVENT_SOURCE),
  'detail-type': z.string(),
  detail: z.record(z.string(), z.unknown()),
});

export interface DeadLetters {
  /** Moves a message that can never be applied to the dead-letter queue, with the reason. */
  send(message: { id: string; body: string }, reason: string): Promise<void>;
}

export type ConsumeOutcome = EventOutcome | { outcome: 'rejected'; reason: string };

/** The product event a queue message holds, or InvalidInputError naming what is wrong with it. */
export function productEventOf(body: string): ProductEvent {
  const depth = jsonNestingDepth(body);
  if (depth > MAX_EVENT_NESTING)
    throw new InvalidInputError(
      `the message nests ${depth} levels deep: at most ${MAX_EVENT_NESTING} are accepted`,
    );
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch {
    throw new InvalidInputError('the message is not JSON');
  }
  const { 'detail-type': type, detail } = parseOrThrow(eventBridgeEnvelope, envelope, 'message');
  refuseMalformedText(detail, 'event');
  if (!(PRODUCT_EVENT_TYPES as string[]).includes(type)) {
    throw new InvalidInputError(
      `type: "${type}" is not a product event type (one of ${PRODUCT_EVENT_TYPES.join(', ')})`,
    );
  }
  return parseOrThrow(productEvent, { ...detail, type }, 'event');
}

/**
 * Why a failure will happen again however often the message is delivered, or undefined when a
 * redelivery may succeed: an invalid event, a contradiction with what is stored, or a write DynamoDB
 * refuses as invalid (ValidationException: an item over 400 KB, a document nested too deeply).
 */
export function permanentFailure(error: unknown): string | undefined {
  if (error instanceof InvalidInputError || (error instanceof ConflictError && !error.retryable))
    return error.message;
  if (error instanceof Error && error.name === 'ValidationException')
    return `DynamoDB refused the write: ${error.message}`;
  return undefined;
}

/**
 * Applies one queue message. A message that can never be applied (not a valid event, or one that
 * contradicts what is stored) goes to the dead-letter queue at once, with the reason logged, instead
 * of being retried until the queue gives up on it. Anything else that fails (an application whose JD
 * has not arrived, DynamoDB unavailable) is thrown, so the queue delivers it again.
 */
export async function consumeMessage(
  db: Db,
  deadLetters: DeadLetters,
  message: { id: string; body: string },
): Promise<ConsumeOutcome> {
  let outcome: ConsumeOutcome;
  try {
    const event = productEventOf(message.body);
    outcome = await applyProductEvent(db, event);
    logger.info('Product event', {
      messageId: message.id,
      eventId: event.id,
      type: event.type,
      tenantId: event.tenantId,
      ...outcome,
    });
  } catch (error) {
    const reason = permanentFailure(error);
    if (reason === undefined) throw error;
    outcome = { outcome: 'rejected', reason };
    logger.warn('Product event rejected', { messageId: message.id, reason });
    await deadLetters.send(message, reason);
  }
  return outcome;
}
