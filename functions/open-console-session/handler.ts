import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { openSession } from '../../lib/composition/console.js';

export const handler = apiHandler('openConsoleSession', {}, (request) =>
  openSession(sharedDb(), request),
);
