import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { sharedDb } from '../../lib/db/client.js';
import {
  type ConnectAnswer,
  connectStream,
  disconnectStream,
  sharedStreamOutput,
  type StreamEvent,
  subscribeStream,
} from '../../lib/composition/event-stream.js';
import { logger } from '../../lib/observability/logger.js';

/** What a subscribe leaves of its function's time: its last writes, and letting go. */
const SUBSCRIBE_MARGIN_MS = 2_000;

/**
 * The event stream's routes of the WebSocket API: $connect (after the authorizer), `subscribe`, and
 * $disconnect. The `ping` route is API Gateway's own (a mock integration): it runs no function.
 */
export const handler = middy<StreamEvent, ConnectAnswer | undefined, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event, context) => {
    const db = sharedDb();
    switch (event.requestContext.routeKey) {
      case '$connect':
        return connectStream(db, event);
      case '$disconnect':
        await disconnectStream(db, event);
        return undefined;
      default: {
        const output = sharedStreamOutput();
        if (!output) throw new Error('The event stream has no callback URL (STREAM_CALLBACK_URL)');
        // Done well within the function's time: a client resumes a backlog longer than that.
        await subscribeStream(
          db,
          event,
          output,
          Date.now() + context.getRemainingTimeInMillis() - SUBSCRIBE_MARGIN_MS,
        );
        return undefined;
      }
    }
  });
