import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { simulateProductEventsBody } from '../../lib/composition/test-mode/requests.js';
import { simulateProductEvents } from '../../lib/composition/test-mode/simulate.js';

export const handler = apiHandler(
  'simulateProductEvents',
  { body: simulateProductEventsBody },
  async ({ caller, body }) => ({
    data: { results: await simulateProductEvents(sharedDb(), caller.spaceId, body) },
  }),
);
