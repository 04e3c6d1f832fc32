import { describe, expect, it } from 'vitest';
import { connectStream, type StreamEvent } from '../../lib/composition/event-stream.js';
import type { Db } from '../../lib/db/client.js';

/** An upgrade the authorizer let through as a console session, with the headers API Gateway hands over. */
const upgradeOfSession = (headers: Record<string, string>): StreamEvent => ({
  requestContext: {
    routeKey: '$connect',
    connectionId: 'ConnectionId0A=',
    requestId: 'request-1',
    requestTimeEpoch: Date.now(),
    authorizer: {
      tenantId: 'acme-hiring',
      keyId: '01JKEY0000000000000000000A',
      keyName: 'console admin',
      scopes: 'read,write,admin',
      quotaUsed: 1,
      quotaLimit: 1_000,
      quotaResetAt: Date.now() + 3_600_000,
      console: 'session',
      clientIp: '203.0.113.7',
    },
  },
  headers,
});

describe('the event stream: an upgrade of a console session', () => {
  it('is refused, before anything is written, when its session cannot be named from the headers: its connection would outlive the session', async () => {
    // No table: a write would fail the call with a 5xx, not answer it 403.
    const db = {} as Db;
    for (const headers of <Record<string, string>[]>[
      {},
      { Cookie: 'other=1' }, // The unprefixed name, which on https (as here: no local origin) is not the session's.
      { Cookie: 'hiring_console=hcs_x' },
    ]) {
      const answer = await connectStream(db, upgradeOfSession(headers));
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(answer.body ?? '{}')).toMatchObject({ code: 'key_invalid' });
    }
  });
});
