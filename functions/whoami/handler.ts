import { tenantOfSpace } from '../../lib/db/spaces.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { FIRST_VERSION } from '../../lib/versions/first.js';

export const handler = apiHandler('whoami', {}, async ({ caller }) => ({
  data: {
    tenantId: tenantOfSpace(caller.spaceId),
    keyId: caller.keyId,
    name: caller.keyName,
    scopes: caller.scopes,
    apiVersion: caller.apiVersion ?? FIRST_VERSION,
    mode: caller.mode,
    blind: caller.blind,
    quota: {
      limit: caller.quota.limit,
      used: caller.quota.used,
      remaining: Math.max(0, caller.quota.limit - caller.quota.used),
      resetAt: new Date(caller.quota.resetAt).toISOString(),
    },
  },
}));
