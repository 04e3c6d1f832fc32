import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from '../../lib/keys/format.js';
import { secretsIn } from '../helpers/secrets.js';

describe('the log-leak guard', () => {
  it('finds a key plaintext, a key hash and a webhook secret inside a log line', () => {
    const key = generateApiKey();
    const line = JSON.stringify({
      message: 'oops',
      key,
      hash: hashApiKey(key),
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });

    expect(secretsIn(line)).toEqual([
      key,
      hashApiKey(key),
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    ]);
  });

  it('leaves ordinary log lines alone: ids, request ids, timestamps, key prefixes', () => {
    const line = JSON.stringify({
      keyId: '01KAM8Z7Q0VY3W1M6T9G2R5XQ4',
      requestId: 'f1116fda-8ffb-4837-be0d-0dc81a0c91fc',
      at: '2026-11-22T10:00:00.000Z',
      prefix: 'hk_live_',
    });

    expect(secretsIn(line)).toEqual([]);
  });
});
