import { LIMITS } from '../schemas/limits.js';

/**
 * A JD's texts and their bounds, declared once: the request, product and response schemas, the items,
 * the answers and the size bound derive from here, so a new field is one edit (and its tests).
 */
export const JD_TEXTS = {
  /** every JD has them */
  required: { title: LIMITS.title, description: LIMITS.longText, createdById: LIMITS.createdById },
  /** optional, shown in lists: kept on the head */
  listed: {
    department: LIMITS.shortText,
    location: LIMITS.shortText,
    experience: LIMITS.shortText,
    salary: LIMITS.shortText,
  },
  /** optional, shown with the JD in full only: kept in the body */
  detailed: { requirements: LIMITS.longText },
} as const;

/**
 * The integrator's own id of a JD (an ATS's job id): unique in the tenant, found with GET /jds?externalId=.
 * Printable ASCII without spaces, case-sensitive, so it compares exactly as the ATS wrote it.
 */
export const EXTERNAL_ID_LIMIT = 128;
export const EXTERNAL_ID_PATTERN = /^[\x21-\x7e]{1,128}$/;

/** `type` may be left out when written, and is always shown: this when none was given. */
export const DEFAULT_JD_TYPE = 'full-time';
export const JD_TYPE_LIMIT = LIMITS.shortText;

export type ListedJdField = keyof typeof JD_TEXTS.listed;
export type DetailedJdField = keyof typeof JD_TEXTS.detailed;
/** The optional fields: what PATCH may remove (null), `type` back to its default. */
export type OptionalJdField = ListedJdField | 'type' | DetailedJdField;
export type JdTextField = keyof typeof JD_TEXTS.required | OptionalJdField;

export const LISTED_JD_FIELDS = Object.keys(JD_TEXTS.listed) as ListedJdField[];
export const DETAILED_JD_FIELDS = Object.keys(JD_TEXTS.detailed) as DetailedJdField[];
/** Every text a JD holds, as fields.ts declares them. */
export const JD_TEXT_FIELDS: JdTextField[] = [
  ...(Object.keys(JD_TEXTS.required) as (keyof typeof JD_TEXTS.required)[]),
  ...LISTED_JD_FIELDS,
  'type',
  ...DETAILED_JD_FIELDS,
];

/** The texts a JD holds, as JSON in UTF-8 bytes (what LIMITS.jdBytes bounds). */
export function jdBytes(fields: { [Field in JdTextField]?: unknown }): number {
  const texts: Record<string, unknown> = {};
  for (const field of JD_TEXT_FIELDS) texts[field] = fields[field];
  return Buffer.byteLength(JSON.stringify(texts), 'utf8');
}
