import { describe, expect, it } from 'vitest';
import { allScopesContext, callApiWithContext } from '../helpers/invoke.js';
import { useTestDb } from '../helpers/db.js';
import { tenantWithKey } from '../helpers/api.js';
import { fullAccessContext } from '../../scripts/local/events.js';
import { CONSOLE_SECURE_SESSION_COOKIE } from '../../lib/keys/console.js';

/**
 * The console's routes as they run on AWS behind the edge: API Gateway hands them the origin's Host
 * (CloudFront does not forward the viewer's), and only the authorizer, which checks the edge's
 * header, knows the origin the viewer called; it passes it on in its context.
 */
const db = useTestDb();

const EDGE = 'https://api.example.com';
const fromEdge = { ...allScopesContext, viewerOrigin: EDGE };
const originHost = { host: 'origin.api.example.com' };

describe('the console behind the edge', () => {
  it('makes a sign-in link at the origin the viewer called, not at the host the function was reached by', async () => {
    const { tenantId, keyId } = await tenantWithKey(db(), ['read']);
    const reply = await callApiWithContext(
      'createConsoleLink',
      { path: '/console/links', body: '{}', headers: originHost },
      { ...fullAccessContext(tenantId, keyId), viewerOrigin: EDGE },
    );
    expect(reply.statusCode, String(reply.body)).toBe(201);
    const { url } = JSON.parse(reply.body as string).data as { url: string };
    expect(url.startsWith(`${EDGE}/console/#link=hcl_`)).toBe(true);
  });

  it('clears the session’s https cookie at sign-out', async () => {
    const reply = await callApiWithContext(
      'closeConsoleSession',
      { path: '/console/session', headers: originHost },
      { ...fromEdge, console: 'session' },
    );
    expect(reply.statusCode).toBe(204);
    const cleared = String(reply.headers?.['Set-Cookie'] ?? reply.cookies?.[0] ?? '');
    expect(cleared).toMatch(new RegExp(`^${CONSOLE_SECURE_SESSION_COOKIE}=; .*Max-Age=0.*Secure`));
  });
});
