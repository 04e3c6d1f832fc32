import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { DeliveryAttempt, Webhook } from '../../../clients/typescript/src/index.js';
import { api, problemOf } from '../api.js';
import { instant, when } from './paged.js';

/** Webhooks: the endpoints by URL and health; an endpoint's attempts and what can be done to it. */
export function Webhooks({
  openId,
  open,
}: {
  openId: string | undefined;
  open: (id?: string) => void;
}) {
  const [endpoints, setEndpoints] = useState<Webhook[]>();
  const [problem, setProblem] = useState<string>();
  const load = useCallback(async () => {
    try {
      setEndpoints((await api.webhooks.list()).data);
      setProblem(undefined);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }, []);
  useEffect(() => void load(), [load]);
  const opened = endpoints?.find((endpoint) => endpoint.id === openId);
  return (
    <section aria-labelledby="webhooks">
      <h1 id="webhooks">Webhooks</h1>
      {problem && <p role="alert">{problem}</p>}
      {opened ? (
        <Endpoint endpoint={opened} back={() => open()} changed={() => void load()} />
      ) : (
        endpoints && (
          <table tabIndex={0}>
            <caption>Endpoints</caption>
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Status</th>
                <th scope="col">Health</th>
                <th scope="col">Last success</th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((endpoint) => (
                <tr key={endpoint.id}>
                  <th scope="row">
                    <a href={`#/webhooks/${endpoint.id}`}>{endpoint.url}</a>
                  </th>
                  <td>{endpoint.status}</td>
                  <td>{healthOf(endpoint)}</td>
                  <td>{when(endpoint.health.lastSuccessAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
      {endpoints?.length === 0 && <p>No webhook endpoint yet (POST /api/v1/webhooks makes one).</p>}
    </section>
  );
}

function healthOf(endpoint: Webhook): string {
  const { health } = endpoint;
  if (endpoint.status === 'disabled')
    return `disabled${endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ''}`;
  if (!health.failingSince) return 'healthy';
  return `failing since ${when(health.failingSince)}, ${health.failedAttempts} failed attempts${health.disablesAt ? `; disabled at ${when(health.disablesAt)} if it goes on` : ''}`;
}

function Endpoint({
  endpoint,
  back,
  changed,
}: {
  endpoint: Webhook;
  back: () => void;
  changed: () => void;
}) {
  const [attempts, setAttempts] = useState<DeliveryAttempt[]>();
  const [said, setSaid] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [secret, setSecret] = useState<string>();
  const [olderFrom, setOlderFrom] = useState<string>();
  const [loadingOlder, setLoadingOlder] = useState(false);
  // Each load's number: an answer that a later load (a refresh, an action's reload) overtook is dropped,
  // so that an older page never lands on a list shown anew.
  const latestLoad = useRef(0);
  /** The newest attempts, or with `from` (the last page's cursor) the next older page after those shown. */
  const loadAttempts = useCallback(
    async (from?: string) => {
      const load = ++latestLoad.current;
      if (from) setLoadingOlder(true);
      try {
        const page = await api.webhooks.deliveries(endpoint.id, {
          limit: 50,
          ...(from ? { cursor: from } : {}),
        });
        if (load !== latestLoad.current) return;
        setAttempts((shown) => (from ? [...(shown ?? []), ...page.data] : page.data));
        setOlderFrom(
          page.pagination.hasMore ? (page.pagination.nextCursor ?? undefined) : undefined,
        );
      } catch (error) {
        if (load === latestLoad.current) setProblem(problemOf(error));
      } finally {
        if (load === latestLoad.current) setLoadingOlder(false);
      }
    },
    [endpoint.id],
  );
  useEffect(() => void loadAttempts(), [loadAttempts]);
  const act = async (what: string, action: () => Promise<unknown>) => {
    try {
      await action();
      setSaid(what);
      setProblem(undefined);
      changed();
      await loadAttempts();
    } catch (error) {
      setProblem(problemOf(error));
    }
  };
  const replay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const since = instant(new FormData(event.currentTarget).get('since'));
    if (since)
      void act(`Replay since ${when(since)} asked for`, () =>
        api.webhooks.replay(endpoint.id, { since }),
      );
  };
  return (
    <>
      <p>
        <a href="#/webhooks" onClick={back}>
          All endpoints
        </a>
      </p>
      <h2>{endpoint.url}</h2>
      <p>
        {endpoint.status}: {healthOf(endpoint)}
      </p>
      <div className="actions">
        <button
          type="button"
          onClick={() => void act('Test event sent', () => api.webhooks.test(endpoint.id))}
        >
          Send test event
        </button>
        <button
          type="button"
          onClick={() =>
            void act('Secret rotated', async () => {
              const rotated = await api.webhooks.rotateSecret(endpoint.id);
              setSecret(rotated.data.secret ?? undefined);
            })
          }
        >
          Rotate secret
        </button>
        {endpoint.status === 'disabled' && (
          <button
            type="button"
            onClick={() => void act('Enabled', () => api.webhooks.enable(endpoint.id))}
          >
            Enable
          </button>
        )}
      </div>
      <form aria-label="Replay" className="filters" onSubmit={replay}>
        <label>
          Replay since <input type="datetime-local" name="since" required />
        </label>
        <button type="submit">Replay</button>
      </form>
      {secret && (
        <div className="once" role="status">
          <p>The new signing secret is shown this once: copy it now.</p>
          <code aria-label="New secret">{secret}</code>
          <button type="button" onClick={() => setSecret(undefined)}>
            Done
          </button>
        </div>
      )}
      {said && <p role="status">{said}</p>}
      {problem && <p role="alert">{problem}</p>}
      <button type="button" onClick={() => void loadAttempts()}>
        Refresh attempts
      </button>
      {attempts && (
        <table tabIndex={0}>
          <caption>Attempts, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Type</th>
              <th scope="col">Trigger</th>
              <th scope="col">Status</th>
              <th scope="col">Error</th>
              <th scope="col">The receiver answered</th>
              <th scope="col">Duration</th>
              <th scope="col">
                <span className="hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((attempt) => (
              <tr key={attempt.id}>
                <td>{when(attempt.at)}</td>
                <th scope="row">
                  <code>{attempt.eventId}</code>
                </th>
                <td>{attempt.eventType ?? ''}</td>
                <td>{attempt.trigger}</td>
                <td>{attempt.statusCode ?? 'no answer'}</td>
                <td>{attempt.error ?? ''}</td>
                <td>
                  <code>{attempt.responseBody ?? ''}</code>
                </td>
                <td>{attempt.durationMs} ms</td>
                <td>
                  {attempt.error && attempt.trigger !== 'test' && (
                    <button
                      type="button"
                      aria-label={`Retry ${attempt.eventId}`}
                      onClick={() =>
                        void act(`Retry of ${attempt.eventId} queued`, () =>
                          api.webhooks.retryDelivery(endpoint.id, attempt.eventId),
                        )
                      }
                    >
                      Retry
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {attempts?.length === 0 && <p>No attempt yet.</p>}
      {olderFrom && (
        <button type="button" disabled={loadingOlder} onClick={() => void loadAttempts(olderFrom)}>
          Older attempts
        </button>
      )}
    </>
  );
}
