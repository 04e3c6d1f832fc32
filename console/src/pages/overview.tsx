import { useEffect, useState } from 'react';
import { api, problemOf } from '../api.js';
import { canAdmin, type Who } from '../who.js';

interface AdminView {
  /** absent for a test key: the keys, and their counts, are the live space's */
  last24Hours?: { requests: number; errors: number };
  failing: { id: string; url: string; failingSince: string }[];
}

/** Overview: who the session is, its hour, and (for an admin) its last day and the failing endpoints. */
export function Overview({ who }: { who: Who }) {
  const { data } = who;
  const [admin, setAdmin] = useState<AdminView>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (!canAdmin(who)) return;
    void (async () => {
      try {
        // GET /keys is a live key's (a test key is refused 403 key_mode_mismatch): a test session
        // sees its endpoints, not its counts.
        const [key, webhooks] = await Promise.all([
          data.mode === 'test' ? undefined : api.keys.get(data.keyId),
          api.webhooks.list(),
        ]);
        setAdmin({
          ...(key ? { last24Hours: key.data.last24Hours } : {}),
          failing: webhooks.data.flatMap((endpoint) =>
            endpoint.health.failingSince
              ? [{ id: endpoint.id, url: endpoint.url, failingSince: endpoint.health.failingSince }]
              : [],
          ),
        });
      } catch (error) {
        setProblem(problemOf(error));
      }
    })();
  }, [who, data.keyId]);
  const { quota } = data;
  return (
    <section aria-labelledby="overview">
      <h1 id="overview">Overview</h1>
      <dl className="facts">
        <dt>Tenant</dt>
        <dd>{data.tenantId}</dd>
        <dt>Space</dt>
        <dd>{data.mode === 'test' ? 'test (sample data only)' : 'live'}</dd>
        <dt>Signed in as</dt>
        <dd>
          {data.name} ({data.keyId}){data.blind ? ', blind: no candidate identity is shown' : ''}
        </dd>
        <dt>Scopes</dt>
        <dd>{data.scopes.join(', ')}</dd>
        <dt>This hour</dt>
        <dd>
          {quota.used} of {quota.limit} requests used, {quota.remaining} left until{' '}
          {new Date(quota.resetAt).toLocaleTimeString()}
        </dd>
        {admin && (
          <>
            <dt>Last 24 hours</dt>
            <dd>
              {admin.last24Hours
                ? `${admin.last24Hours.requests} requests, ${admin.last24Hours.errors} errors`
                : "counted for live keys only: a live admin key's Keys page shows this key's"}
            </dd>
          </>
        )}
      </dl>
      {admin && (
        <>
          <h2>Failing endpoints</h2>
          {admin.failing.length === 0 ? (
            <p>No webhook endpoint is failing.</p>
          ) : (
            <ul>
              {admin.failing.map((endpoint) => (
                <li key={endpoint.id}>
                  {endpoint.url}: failing since {new Date(endpoint.failingSince).toLocaleString()}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {!canAdmin(who) && (
        <p>This key has no `admin` scope: keys, webhooks and the logs are not shown to it.</p>
      )}
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
