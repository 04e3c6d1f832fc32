import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayRequestAuthorizerEventV2, Context } from 'aws-lambda';
import { type AuthorizerResult, authorizeRequest } from '../../lib/auth/authorize.js';
import { sharedDb } from '../../lib/db/client.js';
import { logger } from '../../lib/observability/logger.js';

export const handler = middy<APIGatewayRequestAuthorizerEventV2, AuthorizerResult, Error, Context>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler((event) => authorizeRequest(sharedDb(), event));
