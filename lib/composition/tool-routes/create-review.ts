import { createReview } from '../../applications/reviews.js';
import { createReviewBody } from '../../applications/requests.js';
import { sharedDb } from '../../db/client.js';
import { apiHandler, readEtag } from '../api-handler.js';
import { withIdempotency } from '../idempotency.js';

export const handler = apiHandler('createReview', { body: createReviewBody }, (request) =>
  withIdempotency(sharedDb(), request, {
    run: (claim) =>
      createReview(
        sharedDb(),
        request.caller.spaceId,
        request.path.applicationId,
        { ...request.body, blind: request.caller.blind },
        {
          claim,
          audit: request.audit,
        },
      ),
    respond: (review) => ({ data: review }),
    headers: (review) => ({ ETag: readEtag('getReview', request.apiVersion, { data: review }) }),
    // What a person wrote about a candidate lives with the review alone, which erasure deletes: the
    // answer kept for replays holds no rationale (docs/api.md).
    redact: ({ data }) => ({ data: { ...data, rationale: null } }),
  }),
);
