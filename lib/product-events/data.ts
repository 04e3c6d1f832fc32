import * as z from 'zod/mini';
import { ID_PATTERN, ID_RULE } from '../schemas/ids.js';
import { APPLICATION_STATUSES } from '../matching/statuses.js';
import { PARSE_STATUSES } from '../resumes/statuses.js';
import { JD_TEXTS, JD_TYPE_LIMIT, jdBytes } from '../jds/fields.js';
import { JD_STATUSES } from '../jds/statuses.js';
import { freeText, optionalText, score, shapeOf, text } from '../schemas/fields.js';
import { LIMITS } from '../schemas/limits.js';

/**
 * The product's data as it reaches the service: the items of an import file (ids optional) and of
 * product events (ids required). Fields the service does not know are ignored, so the product can add
 * some without breaking anything.
 */
const id = z.string().check(z.maxLength(64), z.regex(ID_PATTERN, `must be ${ID_RULE}`));
/** An ISO 8601 date-time with an offset: at most 35 characters (nanoseconds and a `+hh:mm` offset). */
const timestamp = z.iso.datetime({ offset: true }).check(z.maxLength(35));

const jdFields = {
  ...shapeOf(JD_TEXTS.required, text),
  status: z.optional(z.enum(JD_STATUSES)),
  ...shapeOf(JD_TEXTS.listed, optionalText),
  type: optionalText(JD_TYPE_LIMIT),
  ...shapeOf(JD_TEXTS.detailed, optionalText),
  createdAt: z.optional(timestamp),
};
/** The JSON size of a value in UTF-8 bytes; Infinity for what JSON cannot hold. */
function jsonBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

const resumeFields = {
  fileName: text(LIMITS.shortText),
  parseStatus: z.optional(z.enum(PARSE_STATUSES)),
  metadata: z.optional(
    z
      // Keys bounded only by the metadata's own size (the OpenAPI document names the bound).
      .record(freeText(LIMITS.metadataBytes), z.unknown())
      .check(
        z.refine(
          (metadata) => jsonBytes(metadata) <= LIMITS.metadataBytes,
          `must be at most ${LIMITS.metadataBytes} bytes as JSON`,
        ),
      ),
  ),
  createdAt: z.optional(timestamp),
};
/** One AI score and, optionally, its provenance: when, by which model, on what criteria, and why. */
const aiScore = z.object({
  overallScore: score,
  scoredAt: z.optional(timestamp),
  model: z.optional(z.object({ id: text(LIMITS.modelField), version: text(LIMITS.modelField) })),
  criteria: z.optional(
    z
      .array(
        z.object({
          name: text(LIMITS.criterionName),
          score,
          weight: z.optional(score),
        }),
      )
      .check(z.maxLength(LIMITS.criteriaPerScore)),
  ),
  summary: z.optional(text(LIMITS.scoreSummary)),
});
const applicationFields = {
  jdId: id,
  resumeId: id,
  status: z.optional(z.enum(APPLICATION_STATUSES)),
  aiScores: z.optional(
    z.array(aiScore).check(
      z.maxLength(LIMITS.scoresPerApplication),
      z.refine(
        (scores) => jsonBytes(scores) <= LIMITS.scoresBytes,
        `must be at most ${LIMITS.scoresBytes} bytes as JSON, provenance included`,
      ),
    ),
  ),
  createdAt: z.optional(timestamp),
};

/** The product-data file of `npm run admin -- import` (ARCHITECTURE.md): ids optional, kept when given. */
export const importFile = z.object({
  jds: z.optional(
    z.array(
      z
        .object({ id: z.optional(id), ...jdFields })
        .check(
          z.refine(
            (jd) => jdBytes(jd) <= LIMITS.jdBytes,
            `a JD holds at most ${LIMITS.jdBytes} bytes as JSON, its fields together`,
          ),
        ),
    ),
  ),
  resumes: z.optional(z.array(z.object({ id: z.optional(id), ...resumeFields }))),
  applications: z.optional(z.array(z.object({ id: z.optional(id), ...applicationFields }))),
});
export type ImportFile = z.infer<typeof importFile>;

/** What every product event carries besides its type and data (the EventBridge `detail`). */
const envelope = {
  /** unique per event */
  id,
  tenantId: id,
  occurredAt: timestamp,
  /** orders the changes of one entity: a lower version than the stored one is stale */
  version: z.int().check(z.gte(0), z.meta({ format: 'int64' })),
};
const byId = z.object({ id });

/** The `data` of each product event type. */
export const PRODUCT_EVENT_DATA = {
  'jd.upserted': z
    .object({ id, ...jdFields })
    .check(
      z.refine(
        (jd) => jdBytes(jd) <= LIMITS.jdBytes,
        `a JD holds at most ${LIMITS.jdBytes} bytes as JSON, its fields together`,
      ),
    ),
  'jd.deleted': byId,
  'resume.upserted': z.object({ id, ...resumeFields }),
  'resume.deleted': byId,
  'application.upserted': z.object({ id, ...applicationFields }),
  'application.deleted': byId,
} as const;

export type ProductEventType = keyof typeof PRODUCT_EVENT_DATA;
export const PRODUCT_EVENT_TYPES = Object.keys(PRODUCT_EVENT_DATA) as ProductEventType[];

/** An event's EventBridge `detail`, as the product publishes it (its type is the `detail-type`). */
export const productEventDetail = <T extends ProductEventType>(type: T) =>
  z.object({ ...envelope, data: PRODUCT_EVENT_DATA[type] });

const event = <T extends ProductEventType>(type: T) =>
  z.object({ type: z.literal(type), ...envelope, data: PRODUCT_EVENT_DATA[type] });

/** A product event as the consumer applies it: the EventBridge `detail` with its `detail-type` as `type`. */
export const productEvent = z.discriminatedUnion('type', [
  event('jd.upserted'),
  event('jd.deleted'),
  event('resume.upserted'),
  event('resume.deleted'),
  event('application.upserted'),
  event('application.deleted'),
]);
export type ProductEvent = z.infer<typeof productEvent>;

/**
 * A product event as an integrator simulates it in a test space (POST /test/product-events): the same
 * event, whose envelope may be left out. The space is the key's (a `tenantId`, when sent, must be the
 * key's tenant); a missing `id` is made, `occurredAt` is the time it is applied, and `version` newer
 * than any before: than now in microseconds and than the version its entity holds (lib/composition/test-mode/simulate.ts).
 */
const simulated = <T extends ProductEventType>(type: T) =>
  z.object({
    type: z.literal(type),
    id: z.optional(envelope.id),
    tenantId: z.optional(envelope.tenantId),
    occurredAt: z.optional(envelope.occurredAt),
    version: z.optional(envelope.version),
    data: PRODUCT_EVENT_DATA[type],
  });

export const simulatedProductEvent = z.discriminatedUnion('type', [
  simulated('jd.upserted'),
  simulated('jd.deleted'),
  simulated('resume.upserted'),
  simulated('resume.deleted'),
  simulated('application.upserted'),
  simulated('application.deleted'),
]);
export type SimulatedProductEvent = z.infer<typeof simulatedProductEvent>;

/** The EventBridge source the product publishes with. */
export const PRODUCT_EVENT_SOURCE = 'hiring.product';
