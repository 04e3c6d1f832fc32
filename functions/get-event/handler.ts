import { sharedDb } from '../../lib/db/client.js';
import { getEvent } from '../../lib/events/store.js';
import { NotFoundError } from '../../lib/errors.js';
import { apiHandler } from '../../lib/composition/api-handler.js';

export const handler = apiHandler('getEvent', {}, async ({ caller, path }) => {
  const event = await getEvent(sharedDb(), caller.spaceId, path.eventId);
  if (!event) throw new NotFoundError('Event');
  return { data: event };
});
