import { type FormEvent, useCallback, useState } from 'react';
import type { RequestLogEntry } from '../../../clients/typescript/src/index.js';
import { api, problemOf } from '../api.js';
import { filled, FilteredLog, instant, when } from './paged.js';

type RequestQuery = {
  status?: string | undefined;
  keyId?: string | undefined;
  route?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
};

/** Requests: the request log, newest first, with its filters; one request by its id. */
export function Requests() {
  const fetchPage = useCallback(
    (query: RequestQuery & { cursor?: string }) => api.requests.list({ ...query, limit: 50 }),
    [],
  );
  return (
    <section aria-labelledby="requests">
      <h1 id="requests">Requests</h1>
      <p>Every request the space's keys made in the last 30 days, and how it was answered.</p>
      <OneRequest />
      <FilteredLog<RequestLogEntry, RequestQuery>
        label="requests"
        fetchPage={fetchPage}
        queryOf={(form) =>
          filled({
            status: String(form.get('status') ?? ''),
            keyId: String(form.get('keyId') ?? '').trim(),
            route: String(form.get('route') ?? '').trim(),
            after: instant(form.get('after')),
            before: instant(form.get('before')),
          })
        }
        filters={
          <>
            <label>
              Status{' '}
              <select name="status" defaultValue="">
                <option value="">any</option>
                <option value="2xx">2xx</option>
                <option value="3xx">3xx</option>
                <option value="4xx">4xx</option>
                <option value="5xx">5xx</option>
              </select>
            </label>
            <label>
              Key id <input name="keyId" maxLength={64} />
            </label>
            <label>
              Route <input name="route" placeholder="GET /jds/{jdId}" maxLength={200} />
            </label>
            <label>
              After <input type="datetime-local" name="after" />
            </label>
            <label>
              Before <input type="datetime-local" name="before" />
            </label>
          </>
        }
        table={(entries) => <RequestTable entries={entries} />}
      />
    </section>
  );
}

function RequestTable({ entries }: { entries: RequestLogEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <table tabIndex={0}>
      <caption>Requests, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Request</th>
          <th scope="col">Status</th>
          <th scope="col">Code</th>
          <th scope="col">Key</th>
          <th scope="col">Duration</th>
          <th scope="col">Request id</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.requestId}>
            <td>{when(entry.time)}</td>
            <th scope="row">
              {entry.method} {entry.path}
            </th>
            <td>{entry.status}</td>
            <td>{entry.code ?? ''}</td>
            <td>{entry.keyName}</td>
            <td>{entry.durationMs} ms</td>
            <td>
              <code>{entry.requestId}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One request, by the Request-Id its answer carried. */
function OneRequest() {
  const [entry, setEntry] = useState<RequestLogEntry>();
  const [problem, setProblem] = useState<string>();
  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = String(new FormData(event.currentTarget).get('requestId') ?? '').trim();
    if (!id) return;
    try {
      setEntry((await api.requests.get(id)).data);
      setProblem(undefined);
    } catch (error) {
      setEntry(undefined);
      setProblem(problemOf(error));
    }
  };
  return (
    <>
      <form aria-label="Find a request" className="filters" onSubmit={(event) => void find(event)}>
        <label>
          Request id <input name="requestId" maxLength={128} />
        </label>
        <button type="submit">Find</button>
      </form>
      {problem && <p role="alert">{problem}</p>}
      {entry && (
        <dl className="facts" aria-label="The request">
          <dt>Request</dt>
          <dd>
            {entry.method} {entry.path} ({entry.route ?? 'no route'})
          </dd>
          <dt>Answered</dt>
          <dd>
            {entry.status}
            {entry.code ? ` ${entry.code}` : ''} in {entry.durationMs} ms, {when(entry.time)}
          </dd>
          <dt>Key</dt>
          <dd>
            {entry.keyName} ({entry.keyId})
          </dd>
          <dt>Version</dt>
          <dd>{entry.apiVersion ?? '—'}</dd>
          <dt>Idempotency-Key</dt>
          <dd>
            {entry.idempotencyKey ?? '—'}
            {entry.replayed ? ' (a replay)' : ''}
          </dd>
          <dt>Query parameters</dt>
          <dd>{entry.queryParameters.join(', ') || '—'}</dd>
          <dt>User agent</dt>
          <dd>{entry.userAgent ?? '—'}</dd>
          <dt>Client address</dt>
          <dd>{entry.clientIp ?? '—'}</dd>
        </dl>
      )}
    </>
  );
}
