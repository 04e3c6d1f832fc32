import type { Db } from '../db/client.js';
import { isConditionFailure, updateItem } from '../db/dynamo.js';
import { sealSecret } from './secret-box.js';
import { type WebhookSecret, webhookKeys } from './model.js';
import { getWebhookItem, listWebhookItems } from './store.js';
import type { SpaceId } from '../db/spaces.js';

/** The operator's one-off upgrade of signing secrets kept in clear (admin CLI). */

/**
 * One-off upgrade of a tenant's endpoints written before secrets were encrypted: every secret kept in
 * clear is sealed in place (its dates kept), so the table stops holding it. Safe while the service
 * runs (a concurrent rotation wins and the endpoint is read again) and to run again.
 */
export async function sealPlaintextSecrets(
  db: Db,
  spaceId: SpaceId,
): Promise<{ webhooks: number; secrets: number }> {
  const sealed = { webhooks: 0, secrets: 0 };
  for (const { id } of await listWebhookItems(db, spaceId)) {
    for (;;) {
      const item = await getWebhookItem(db, spaceId, id);
      const plain = item?.secrets.filter((secret) => 'value' in secret) ?? [];
      if (!item || plain.length === 0) break;
      const secrets = await Promise.all(
        item.secrets.map(async (secret) => {
          if (!('value' in secret)) return secret;
          const { value, ...times } = secret;
          return { ...times, sealed: await sealSecret(spaceId, value) };
        }),
      );
      if (await replaceWebhookSecrets(db, spaceId, id, item.secrets, secrets)) {
        sealed.webhooks += 1;
        sealed.secrets += plain.length;
        break;
      }
    }
  }
  return sealed;
}

/**
 * Replaces an endpoint's secrets with `secrets` if they are still those read (`read`): a concurrent
 * rotation wins, and the caller reads again. Returns whether the write was made.
 */
export async function replaceWebhookSecrets(
  db: Db,
  spaceId: SpaceId,
  webhookId: string,
  read: WebhookSecret[],
  secrets: WebhookSecret[],
): Promise<boolean> {
  try {
    await updateItem(db, {
      Key: webhookKeys.item(spaceId, webhookId),
      UpdateExpression: 'SET secrets = :secrets',
      ConditionExpression: 'secrets = :read',
      ExpressionAttributeValues: { ':secrets': secrets, ':read': read },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
