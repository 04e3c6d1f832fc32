import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { traceAwsCalls } from '../observability/trace.js';
import { processWide } from '../process-wide.js';

/**
 * Secrets the functions read from Secrets Manager (the origin-verify header value, the cursor-signing
 * key), never from their environment, where `lambda:GetFunctionConfiguration` would show them and a
 * rotation would need a redeploy. A secret is read at first use (cold start) and kept SECRET_CACHE_MS.
 * Both its current value and, while a rotation is under way, the previous one are read: what a
 * function signs uses the current value, what it checks accepts either, so nothing in flight breaks.
 */
export interface SecretValues {
  current: string;
  /** the value before the last rotation (Secrets Manager's AWSPREVIOUS stage), still accepted */
  previous?: string;
}

export interface SecretSource {
  read(secretId: string): Promise<SecretValues>;
}

/** How long a function keeps a secret before reading it again: a rotation reaches every warm function within it. */
export const SECRET_CACHE_MS = 5 * 60_000;

export function secretsManagerSource(
  client = traceAwsCalls(new SecretsManagerClient({})),
): SecretSource {
  const valueAt = async (
    secretId: string,
    stage: 'AWSCURRENT' | 'AWSPREVIOUS',
  ): Promise<string | undefined> => {
    try {
      return (
        await client.send(new GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }))
      ).SecretString;
    } catch (error) {
      // A secret never rotated has no AWSPREVIOUS version.
      if (stage === 'AWSPREVIOUS' && error instanceof ResourceNotFoundException) return undefined;
      throw error;
    }
  };
  return {
    async read(secretId) {
      const [current, previous] = await Promise.all([
        valueAt(secretId, 'AWSCURRENT'),
        valueAt(secretId, 'AWSPREVIOUS'),
      ]);
      if (!current) throw new Error(`Secret ${secretId} has no current value`);
      return previous && previous !== current ? { current, previous } : { current };
    },
  };
}

const cache = new Map<string, { values: Promise<SecretValues>; readAt: number }>();
/** Where secrets come from: Secrets Manager by default; replacing it (the local stack's store, a test's) forgets every cached value. */
const source = /* @__PURE__ */ processWide(secretsManagerSource, () => cache.clear());
export const setSecretSource = (replacement: SecretSource | undefined) => source.set(replacement);

/** The secret's values, read through the cache; a failed read is not kept, so the next call tries again. */
export function secretValues(secretId: string, now = Date.now()): Promise<SecretValues> {
  const cached = cache.get(secretId);
  if (cached && now - cached.readAt < SECRET_CACHE_MS) return cached.values;
  const values = source.get().read(secretId);
  cache.set(secretId, { values, readAt: now });
  values.catch(() => {
    if (cache.get(secretId)?.values === values) cache.delete(secretId);
  });
  return values;
}
