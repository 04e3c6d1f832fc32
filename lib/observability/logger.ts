import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Created once per process; handlers import it. Service name and level come from the environment
 * (POWERTOOLS_SERVICE_NAME, LOG_LEVEL) as CDK sets them.
 */
export const SERVICE_NAME = 'hiring-api';

const processLogger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
  // The version that runs (Lambda sets it) and the code release it was built from (the stack sets
  // it): during a canary two versions log to one group, and the canaries' metrics (infra/rollout.ts)
  // count only the new one's lines.
  persistentKeys: {
    ...(process.env.AWS_LAMBDA_FUNCTION_VERSION
      ? { function_version: process.env.AWS_LAMBDA_FUNCTION_VERSION }
      : {}),
    ...(process.env.RELEASE_ID ? { release: process.env.RELEASE_ID } : {}),
  },
});

/**
 * A Lambda process runs one invocation at a time, so the keys an invocation appends (its tenant, key
 * and route; its Lambda context) are its own until the next one resets them. The local stack runs
 * every function's invocations in one process at once: there each invocation gets a logger of its own
 * (withInvocationLogger), a child with the same settings and none of another invocation's keys, and
 * `logger` is whichever logger the running invocation has. Outside an invocation, and in Lambda, it is
 * the process's.
 */
const invocationLoggers = new AsyncLocalStorage<Logger>();

export const logger: Logger = new Proxy(processLogger, {
  get(target, property) {
    const current = invocationLoggers.getStore() ?? target;
    // A method set on the process's logger itself (a test's spy) runs for every invocation's, on it.
    const own: unknown = Object.hasOwn(target, property)
      ? Reflect.get(target, property)
      : undefined;
    const value: unknown =
      typeof own === 'function' ? own : Reflect.get(current, property, current);
    return typeof value === 'function' ? value.bind(current) : value;
  },
});

/**
 * The lines metrics are read from (./answer-counts.ts): written whatever LOG_LEVEL a stage sets, since
 * a canary that reads nothing passes every release.
 */
export const countsLogger: Logger = processLogger.createChild({ logLevel: 'INFO' });

/** Runs one invocation with a logger of its own (the local stack; see above). */
export function withInvocationLogger<T>(invocation: () => T): T {
  return invocationLoggers.run(processLogger.createChild(), invocation);
}
