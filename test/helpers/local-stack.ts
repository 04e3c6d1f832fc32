import { useLocalGateway } from './api.js';
import { useTestDb } from './db.js';
import { useEnv } from './env.js';
import { useWebhookRuntime } from './webhooks.js';

/**
 * The local stack as `npm start` runs it (gateway, authorizer, functions, DynamoDB Local, webhook
 * pipeline) for one test file, with a short stream batching window, loopback webhook URLs allowed and
 * short retries. Call at the top of the file.
 */
export function useLocalStack() {
  useEnv({
    STREAM_BATCHING_WINDOW_MS: '50',
    WEBHOOK_ALLOW_LOCAL_URLS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '0.3,0.3',
  });
  const db = useTestDb({ stream: true });
  const baseUrl = useLocalGateway();
  useWebhookRuntime(db);
  return { db, baseUrl };
}
