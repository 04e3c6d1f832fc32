import { describe, expect, it, vi } from 'vitest';
import { LAMBDA_RESPONSE_LIMIT_BYTES } from '../../lib/http/response-size.js';
import { callApi, tenantWithKey } from '../helpers/api.js';
import { useTestDb } from '../helpers/db.js';

/** A body that makes the whole serialized result exactly `bytes` long. */
const resultOf = (bytes: number) => {
  const shell = JSON.stringify({ statusCode: 200, body: '' });
  return { statusCode: 200, body: 'x'.repeat(bytes - shell.length) };
};
let resultBytes = 0;

// whoami's function answers a result of `resultBytes`; every other function is the real one.
vi.mock('../../scripts/local/handlers.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../scripts/local/handlers.js')>();
  return {
    ...original,
    loadHandler: async (name: string) =>
      name === 'whoami' ? async () => resultOf(resultBytes) : original.loadHandler(name),
  };
});

const db = useTestDb();

describe('the local gateway holds functions to Lambda’s response limit', () => {
  it('passes a result of exactly 6 MB + 100 bytes and answers API Gateway’s 500 one byte past it', async () => {
    const { key } = await tenantWithKey(db(), ['read']);

    resultBytes = LAMBDA_RESPONSE_LIMIT_BYTES;
    const atLimit = await callApi('GET', '/whoami', { key, fakeFunction: true });
    resultBytes = LAMBDA_RESPONSE_LIMIT_BYTES + 1;
    const past = await callApi('GET', '/whoami', { key, fakeFunction: true });

    expect(atLimit.status).toBe(200);
    expect(atLimit.raw.length).toBe(
      LAMBDA_RESPONSE_LIMIT_BYTES - JSON.stringify({ statusCode: 200, body: '' }).length,
    );
    expect([past.status, past.json]).toEqual([500, { message: 'Internal Server Error' }]);
  });
});
