import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { resetTestSpace } from '../../lib/test-mode/space.js';

export const handler = apiHandler('resetTestSpace', {}, async ({ caller }) => ({
  data: await resetTestSpace(sharedDb(), caller.spaceId),
}));
