/**
 * The enumerations of the spec, with no dependencies, so schemas and handlers can use them without
 * pulling the data layer (and the AWS SDK) into a bundle.
 */
export const PARSE_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type ParseStatus = (typeof PARSE_STATUSES)[number];

export const APPLICATION_STATUSES = ['SCREENING', 'SHORTLISTED', 'REJECTED', 'HIRED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The types of the event log (GET /events, webhooks). */
export const EVENT_TYPES = [
  'jd.created',
  'jd.updated',
  'jd.deleted',
  'resume.created',
  'resume.updated',
  'resume.deleted',
  'application.created',
  'application.updated',
  'application.scored',
  'application.deleted',
  'key.created',
  'key.revoked',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** An event id: `evt_` and a ULID (10 characters of time in ms, 16 of randomness, Crockford base 32). */
/** `evt_` + a ULID: 26 Crockford base32 characters, the first at most 7 (48 bits of time). */
export const EVENT_ID_PATTERN = /^evt_[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
