import { readReview } from '../../lib/applications/store.js';
import { sharedDb } from '../../lib/db/client.js';
import { apiHandler } from '../../lib/composition/api-handler.js';

export const handler = apiHandler('getReview', {}, async ({ caller, path }) => ({
  data: await readReview(sharedDb(), caller.spaceId, path.applicationId, path.reviewId),
}));
