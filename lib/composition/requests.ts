import { APPLICATION_REQUESTS } from '../applications/requests.js';
import { AUDIT_REQUESTS } from '../audit/requests.js';
import { REQUEST_LOG_REQUESTS } from '../request-log/requests.js';
import { EVENT_REQUESTS } from '../events/requests.js';
import { JD_REQUESTS } from '../jds/requests.js';
import { KEY_REQUESTS } from '../keys/requests.js';
import { RESUME_REQUESTS } from '../resumes/requests.js';
import { WEBHOOK_REQUESTS } from '../webhooks/requests.js';
import { TEST_MODE_REQUESTS } from './test-mode/requests.js';
import { MCP_REQUESTS } from '../mcp/requests.js';

/**
 * Each route's request schemas, keyed like the route table, as each resource declares them next to
 * its routes (lib/<resource>/requests.ts): the single source for the OpenAPI document and for the
 * types of apiHandler. A handler imports its route's schemas from its resource's requests.ts (so its
 * bundle holds no other resource's), and apiHandler's types hold it to exactly the ones named here.
 */
export const REQUEST_SCHEMAS = {
  ...JD_REQUESTS,
  ...RESUME_REQUESTS,
  ...APPLICATION_REQUESTS,
  ...KEY_REQUESTS,
  ...EVENT_REQUESTS,
  ...WEBHOOK_REQUESTS,
  ...AUDIT_REQUESTS,
  ...REQUEST_LOG_REQUESTS,
  ...TEST_MODE_REQUESTS,
  ...MCP_REQUESTS,
} as const;
