import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * Created once per process; handlers import them. Service name, namespace and log level come from the
 * environment (POWERTOOLS_SERVICE_NAME, POWERTOOLS_METRICS_NAMESPACE, LOG_LEVEL) as CDK sets them.
 */
export const SERVICE_NAME = 'hiring-api';

export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME,
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});

export const metrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'HiringApi',
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME,
});
