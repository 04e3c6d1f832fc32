import { Metrics } from '@aws-lambda-powertools/metrics';
import { SERVICE_NAME } from './logger.js';

/**
 * Created once per process, in its own module so functions that emit no metric do not bundle it
 * (about 10 KB). Namespace from POWERTOOLS_METRICS_NAMESPACE as CDK sets it.
 */
export const metrics = new Metrics({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE ?? 'HiringApi',
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME,
});
