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

export { EVENT_ID_PATTERN } from '../schemas/ids.js';
