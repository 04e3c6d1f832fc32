import { type FormEvent, useEffect, useState } from 'react';
import type { Event, EventType, KnownEventType } from '../../../clients/typescript/src/index.js';
import { api, problemOf } from '../api.js';
import { when } from './paged.js';

/** The event types a filter can ask for (the reference's). */
const TYPES = [
  'jd.created',
  'jd.updated',
  'jd.deleted',
  'resume.created',
  'resume.updated',
  'resume.deleted',
  'application.created',
  'application.updated',
  'application.scored',
  'application.reviewed',
  'application.deleted',
  'key.created',
  'key.revoked',
  'test.reset',
] as const satisfies readonly KnownEventType[];
// Every type the client knows is offered: one added to the API fails to compile here until it is.
const EVERY_TYPE: Exclude<KnownEventType, (typeof TYPES)[number]> extends never ? true : never =
  true;
void EVERY_TYPE;

const DAY_MS = 24 * 3_600_000;
/** The most events the page holds: the newest. */
const SHOWN = 500;

/**
 * Events: the space's log of the last day, newest first, and each new event as it is committed (the
 * client's follow: it waits at the end of the log), with a filter by type.
 */
export function Events() {
  const [type, setType] = useState<EventType>();
  const [events, setEvents] = useState<Event[]>([]);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const stop = new AbortController();
    setEvents([]);
    void (async () => {
      try {
        for await (const { event } of api.events.follow({
          after: new Date(Date.now() - DAY_MS),
          ...(type ? { types: [type] } : {}),
          signal: stop.signal,
        }))
          setEvents((shown) => [event, ...shown].slice(0, SHOWN));
      } catch (error) {
        if (!stop.signal.aborted) setProblem(problemOf(error));
      }
    })();
    return () => stop.abort();
  }, [type]);
  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const asked = String(new FormData(event.currentTarget).get('type') ?? '');
    setType(asked === '' ? undefined : (asked as EventType));
  };
  return (
    <section aria-labelledby="events">
      <h1 id="events">Events</h1>
      <p>The last 24 hours, newest first; new events appear as they happen.</p>
      <form aria-label="Filter events" className="filters" onSubmit={filter}>
        <label>
          Type{' '}
          <select name="type" defaultValue="">
            <option value="">every type</option>
            {TYPES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Filter</button>
      </form>
      {problem && <p role="alert">{problem}</p>}
      <table tabIndex={0}>
        <caption>Events, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Type</th>
            <th scope="col">About</th>
            <th scope="col">Event id</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td>{when(event.createdAt)}</td>
              <th scope="row">{event.type}</th>
              <td>
                <code>{(event.data as { id?: string }).id ?? ''}</code>
              </td>
              <td>
                <code>{event.id}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
