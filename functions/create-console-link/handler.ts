import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';
import { makeLink } from '../../lib/composition/console.js';
import { KEY_REQUESTS } from '../../lib/keys/requests.js';

export const handler = apiHandler('createConsoleLink', KEY_REQUESTS.createConsoleLink, (request) =>
  makeLink(sharedDb(), request),
);
