import type { Db } from '../db/client.js';
import { createApiKey } from '../keys/api.js';
import { openTestSpace } from './test-mode/space.js';

/**
 * Creates a key (lib/keys/api.ts), then, for a test key, opens the tenant's test space (its sample
 * data, the first time). Keys know nothing of test mode's data: the flow that crosses both is here, so
 * every caller that makes a key for someone (POST /keys, the admin CLI, `npm start`) calls this.
 */
export async function createKey(
  db: Db,
  tenantId: string,
  input: Parameters<typeof createApiKey>[2],
  options: Parameters<typeof createApiKey>[3] = {},
): ReturnType<typeof createApiKey> {
  const created = await createApiKey(db, tenantId, input, options);
  // After the key: a space whose seeding failed midway is seeded by the next test key or a reset.
  if (created.record.mode === 'test') await openTestSpace(db, tenantId, options.now);
  return created;
}
