import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { traceAwsCalls } from '../observability/trace.js';
import { requiredEnv } from '../config.js';
import { processWide } from '../process-wide.js';
import type { SpaceId } from '../db/spaces.js';

/**
 * Webhook signing secrets are kept encrypted (envelope encryption): each is sealed with AES-256-GCM
 * under a data key of its own, and the table holds that data key only as KMS encrypted it, under a key
 * only the functions that create or rotate a secret (GenerateDataKey) and the delivery worker
 * (Decrypt) may use. So the table, its backups and its stream (read by the dispatcher, kept 24 h)
 * carry no secret anyone can sign with. The encryption context names the purpose and the tenant: a
 * sealed secret copied to another tenant's item does not open, and the grants are limited to it.
 */
export interface SealedSecret {
  /** the data key, encrypted by KMS (base64) */
  key: string;
  /** AES-256-GCM nonce, ciphertext and authentication tag (base64) */
  iv: string;
  data: string;
  tag: string;
}

export const SECRET_PURPOSE = 'webhook-signing-secret';

export type EncryptionContext = Record<string, string>;

export interface KeyService {
  generateDataKey(
    context: EncryptionContext,
  ): Promise<{ plaintext: Uint8Array; encrypted: Uint8Array }>;
  decrypt(encrypted: Uint8Array, context: EncryptionContext): Promise<Uint8Array>;
}

export function kmsKeyService(
  keyId: string,
  client = traceAwsCalls(new KMSClient({})),
): KeyService {
  return {
    async generateDataKey(context) {
      const { Plaintext, CiphertextBlob } = await client.send(
        new GenerateDataKeyCommand({
          KeyId: keyId,
          KeySpec: 'AES_256',
          EncryptionContext: context,
        }),
      );
      if (!Plaintext || !CiphertextBlob) throw new Error('KMS returned no data key');
      return { plaintext: Plaintext, encrypted: CiphertextBlob };
    },
    async decrypt(encrypted, context) {
      const { Plaintext } = await client.send(
        new DecryptCommand({ KeyId: keyId, CiphertextBlob: encrypted, EncryptionContext: context }),
      );
      if (!Plaintext) throw new Error('KMS returned no plaintext');
      return Plaintext;
    },
  };
}

const contextOf = (spaceId: SpaceId): EncryptionContext => ({
  purpose: SECRET_PURPOSE,
  tenantId: spaceId,
});

/**
 * Data keys the worker has opened, by their encrypted form: a warm worker asks KMS once per secret
 * per DATA_KEY_CACHE_MS, not once per delivery (the cost is measured in docs/benchmarks.md). Bounded,
 * oldest first out, so a worker serving many endpoints keeps a fixed footprint.
 */
export const DATA_KEY_CACHE_MS = 15 * 60_000;
const DATA_KEY_CACHE_ENTRIES = 1_000;
const openedKeys = new Map<string, { key: Uint8Array; openedAt: number }>();

/** The KMS key (WEBHOOK_SECRETS_KEY_ARN) by default; replacing it (the local stack's, a test's) forgets every opened data key. */
const keyService = /* @__PURE__ */ processWide(
  () => kmsKeyService(requiredEnv('WEBHOOK_SECRETS_KEY_ARN')),
  () => openedKeys.clear(),
);
const sharedKeyService = () => keyService.get();
export const setKeyService = (replacement: KeyService | undefined) => keyService.set(replacement);

export async function sealSecret(spaceId: SpaceId, secret: string): Promise<SealedSecret> {
  const { plaintext, encrypted } = await sharedKeyService().generateDataKey(contextOf(spaceId));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', plaintext, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return {
    key: Buffer.from(encrypted).toString('base64'),
    iv: iv.toString('base64'),
    data: data.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

async function dataKey(spaceId: SpaceId, encryptedKey: string, now: number): Promise<Uint8Array> {
  const cacheKey = `${spaceId}\n${encryptedKey}`;
  const cached = openedKeys.get(cacheKey);
  if (cached && now - cached.openedAt < DATA_KEY_CACHE_MS) return cached.key;
  const key = await sharedKeyService().decrypt(
    Buffer.from(encryptedKey, 'base64'),
    contextOf(spaceId),
  );
  openedKeys.delete(cacheKey);
  openedKeys.set(cacheKey, { key, openedAt: now });
  if (openedKeys.size > DATA_KEY_CACHE_ENTRIES)
    openedKeys.delete(openedKeys.keys().next().value as string);
  return key;
}

export async function openSecret(
  spaceId: SpaceId,
  sealed: SealedSecret,
  now = Date.now(),
): Promise<string> {
  const decipher = createDecipheriv(
    'aes-256-gcm',
    await dataKey(spaceId, sealed.key, now),
    Buffer.from(sealed.iv, 'base64'),
  );
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed.data, 'base64')),
    decipher.final(),
  ]).toString('utf8');
}

/** A secret as the table keeps it: sealed, or in clear as versions before sealing wrote it. */
export type StoredSecret = { sealed: SealedSecret } | { value: string };

/** The signing secrets in clear, for one delivery (a secret written before sealing is read as it is). */
export function openSecrets(
  spaceId: SpaceId,
  secrets: StoredSecret[],
  now = Date.now(),
): Promise<string[]> {
  return Promise.all(
    secrets.map((secret) =>
      'sealed' in secret ? openSecret(spaceId, secret.sealed, now) : secret.value,
    ),
  );
}
