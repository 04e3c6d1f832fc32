import {
  createReviewBody,
  listApplicationsQuery,
  listMatchesQuery,
} from '../applications/requests.js';
import { listAuditLogQuery } from '../audit/requests.js';
import { listEventsQuery } from '../events/requests.js';
import { createJdBody, getJdQuery, listJdsQuery, updateJdBody } from '../jds/requests.js';
import { createKeyBody, listKeysQuery } from '../keys/requests.js';
import {
  exportCandidateQuery,
  listCandidatesQuery,
  listResumesQuery,
} from '../resumes/requests.js';
import {
  createWebhookBody,
  listWebhookDeliveriesQuery,
  listWebhooksQuery,
  replayWebhookBody,
} from '../webhooks/requests.js';
import { simulateProductEventsBody } from '../test-mode/requests.js';

/**
 * Each route's request schemas, keyed like the route table: the single source for the OpenAPI document
 * and for the types of apiHandler. A handler imports its route's schemas from its resource's
 * requests.ts (so its bundle holds no other resource's), and apiHandler's types hold it to exactly the
 * ones named here.
 */
export const REQUEST_SCHEMAS = {
  listJds: { query: listJdsQuery },
  getJd: { query: getJdQuery },
  listMatches: { query: listMatchesQuery },
  listApplications: { query: listApplicationsQuery },
  createReview: { body: createReviewBody },
  createJd: { body: createJdBody },
  updateJd: { body: updateJdBody },
  listResumes: { query: listResumesQuery },
  listCandidates: { query: listCandidatesQuery },
  exportCandidate: { query: exportCandidateQuery },
  createKey: { body: createKeyBody },
  listKeys: { query: listKeysQuery },
  listEvents: { query: listEventsQuery },
  createWebhook: { body: createWebhookBody },
  listWebhooks: { query: listWebhooksQuery },
  listWebhookDeliveries: { query: listWebhookDeliveriesQuery },
  replayWebhook: { body: replayWebhookBody },
  listAuditLog: { query: listAuditLogQuery },
  simulateProductEvents: { body: simulateProductEventsBody },
} as const;
