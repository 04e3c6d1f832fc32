import type { Context } from 'aws-lambda';
import { BACKGROUND_FUNCTIONS, STREAM_FUNCTION } from '../../lib/functions.js';
import {
  AUTHORIZER_FUNCTION,
  NOT_FOUND_FUNCTION,
  routeEntries,
} from '../../lib/composition/routes.js';
import type { RouteDefinition } from '../../lib/http/route-definition.js';
import { withInvocationLogger } from '../../lib/observability/logger.js';
import { runAsFunction } from './iam.js';

/**
 * Loads a function's handler by its folder name under functions/ (what CDK bundles as the entry). The
 * handler runs as that function: with a local IAM check installed (scripts/local/iam.ts), its DynamoDB
 * calls are held to the function's policies in the synthesized stack.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of different event types share this loader
export type LambdaHandler = (event: any, context: Context) => Promise<unknown>;

const cache = new Map<string, LambdaHandler>();

/** Every function of the stack, by its folder under functions/. */
export const FUNCTION_NAMES: string[] = [
  AUTHORIZER_FUNCTION,
  NOT_FOUND_FUNCTION,
  ...routeEntries().map(([, route]) => route.functionName),
  ...Object.values(BACKGROUND_FUNCTIONS),
  STREAM_FUNCTION,
].sort();

export async function loadHandler(functionName: string): Promise<LambdaHandler> {
  if (!FUNCTION_NAMES.includes(functionName)) throw new Error(`Unknown function "${functionName}"`);
  let handler = cache.get(functionName);
  if (!handler) {
    const module = (await import(`../../functions/${functionName}/handler.ts`)) as {
      handler: LambdaHandler;
    };
    const loaded = module.handler;
    // As in Lambda, the invocation's log lines carry its own context only, whatever else runs at the same time.
    handler = (event, context) =>
      withInvocationLogger(() => runAsFunction(functionName, () => loaded(event, context)));
    cache.set(functionName, handler);
  }
  return handler;
}

/** A Lambda context; `timeoutMs` is what getRemainingTimeInMillis starts from (the CDK timeout is 10 s). */
export function lambdaContext(
  functionName: string,
  requestId: string,
  timeoutMs = 10_000,
): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export type { RouteDefinition };
