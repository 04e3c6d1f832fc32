import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { closeSession } from '../../lib/composition/console.js';

export const handler = apiHandler('closeConsoleSession', {}, async (request) => {
  await closeSession(sharedDb(), request);
  return {};
});
