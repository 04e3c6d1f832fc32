import { Logger } from '@aws-lambda-powertools/logger';

/**
 * Created once per process; handlers import it. Service name and level come from the environment
 * (POWERTOOLS_SERVICE_NAME, LOG_LEVEL) as CDK sets them.
 */
export const SERVICE_NAME = 'hiring-api';

export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
