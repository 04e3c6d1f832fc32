import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type {
  APIGatewayRequestAuthorizerEvent,
  APIGatewayRequestAuthorizerEventV2,
  Context,
} from 'aws-lambda';
import {
  type AuthorizerResult,
  authorizeConnection,
  authorizeRequest,
  type ConnectionAuthorizerResult,
} from '../../lib/auth/authorize.js';
import { sharedDb } from '../../lib/db/client.js';
import { logger } from '../../lib/observability/logger.js';

/** The HTTP API's requests (payload 2.0), and the event stream's upgrades (the WebSocket API's $connect). */
export const handler = middy<
  APIGatewayRequestAuthorizerEventV2 | APIGatewayRequestAuthorizerEvent,
  AuthorizerResult | ConnectionAuthorizerResult,
  Error,
  Context
>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event) =>
    'methodArn' in event
      ? authorizeConnection(sharedDb(), event)
      : authorizeRequest(sharedDb(), event),
  );
