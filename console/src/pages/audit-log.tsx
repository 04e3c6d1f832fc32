import { useCallback } from 'react';
import type { AuditEntry } from '../../../clients/typescript/src/index.js';
import { api } from '../api.js';
import { filled, FilteredLog, instant, when } from './paged.js';

type AuditQuery = {
  objectId?: string | undefined;
  actor?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
};

/** Audit log: who changed what, newest first, filtered by the object and the time. */
export function AuditLog() {
  const fetchPage = useCallback(
    (query: AuditQuery & { cursor?: string }) => api.auditLog.list({ ...query, limit: 50 }),
    [],
  );
  return (
    <section aria-labelledby="audit-log">
      <h1 id="audit-log">Audit log</h1>
      <FilteredLog<AuditEntry, AuditQuery>
        label="the audit log"
        fetchPage={fetchPage}
        queryOf={(form) =>
          filled({
            objectId: String(form.get('objectId') ?? '').trim(),
            actor: String(form.get('actor') ?? '').trim(),
            since: instant(form.get('since')),
            until: instant(form.get('until')),
          })
        }
        filters={
          <>
            <label>
              Object id <input name="objectId" maxLength={64} />
            </label>
            <label>
              Actor (key id) <input name="actor" maxLength={64} />
            </label>
            <label>
              Since <input type="datetime-local" name="since" />
            </label>
            <label>
              Until <input type="datetime-local" name="until" />
            </label>
          </>
        }
        table={(entries) =>
          entries.length === 0 ? null : (
            <table tabIndex={0}>
              <caption>Changes, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Action</th>
                  <th scope="col">Object</th>
                  <th scope="col">Changed</th>
                  <th scope="col">By</th>
                  <th scope="col">Where</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{when(entry.at)}</td>
                    <th scope="row">{entry.action}</th>
                    <td>
                      {entry.object.type} <code>{entry.object.id}</code>
                    </td>
                    <td>{entry.changedFields?.join(', ') ?? ''}</td>
                    <td>
                      {entry.actorName ?? entry.actor} (<code>{entry.actor}</code>)
                    </td>
                    <td>{entry.via}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      />
    </section>
  );
}
