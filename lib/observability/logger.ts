import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Created once per process; handlers import it. Service name and level come from the environment
 * (POWERTOOLS_SERVICE_NAME, LOG_LEVEL) as CDK sets them.
 */
export const SERVICE_NAME = 'hiring-api';

export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
  // The version that runs (Lambda sets it): during a canary two versions log to one group, and the
  // canary's error metric (infra/rollout.ts) counts only the new one's lines.
  ...(process.env.AWS_LAMBDA_FUNCTION_VERSION ? { persistentKeys: { function_version: process.env.AWS_LAMBDA_FUNCTION_VERSION } } : {}),
});
