/**
 * The types of the event log (GET /events, webhooks) and the form of an event id, with no
 * dependencies, so schemas and handlers can use them without pulling the data layer into a bundle.
 */
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
  'application.reviewed',
  'application.deleted',
  'key.created',
  'key.revoked',
  'test.reset',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** `evt_` + a ULID: 26 Crockford base32 characters, the first at most 7 (48 bits of time). */
export const EVENT_ID_PATTERN = /^evt_[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
