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

const MINUTE_MS = 60_000;
interface Window {
  ms: number;
  label: string;
}
const DAY: Window = { ms: 24 * 60 * MINUTE_MS, label: 'The last 24 hours' };
/** How far back the page looks, widest first, each with how the page says it; else NARROWEST. */
const WIDER_WINDOWS: Window[] = [
  DAY,
  { ms: 60 * MINUTE_MS, label: 'The last hour' },
  { ms: 10 * MINUTE_MS, label: 'The last 10 minutes' },
];
const NARROWEST: Window = { ms: MINUTE_MS, label: 'The last minute' };
/** What one page of GET /events holds at most. */
const PAGE = 100;
/** The most events the page holds: the newest. */
const SHOWN = 500;

/** Pages read of one window, at most, to find whether it holds more events than a page. */
const LOOKS_PER_WINDOW = 3;

/**
 * True when the log from `from` on holds at most one page of events. A page may end early, before
 * its 100, with more after it (a page reads a bounded part of the log, whose entries include writes
 * that record no event): then the next page is read too, up to LOOKS_PER_WINDOW.
 */
async function holdsOnePage(from: Date, signal: AbortSignal): Promise<boolean> {
  let seen = 0;
  let cursor: string | undefined;
  for (let look = 0; look < LOOKS_PER_WINDOW; look++) {
    const page = await api.events.list(
      cursor ? { cursor, limit: PAGE } : { after: from.toISOString(), limit: PAGE },
      { signal },
    );
    seen += page.data.length;
    if (!page.pagination.hasMore || !page.pagination.nextCursor) return seen <= PAGE;
    if (seen >= PAGE) return false;
    cursor = page.pagination.nextCursor;
  }
  return false;
}

/**
 * The widest window whose events one page of the log holds, or the narrowest: a busy space's newest
 * are shown without its whole day sent first (a million events a month is a day of 33,000, some 18 MB
 * the stream would push before the newest, or 330 pages of the long-poll, each counted against the
 * key's hour, where the stream cannot be opened). The same for every type filter, so that a filter
 * shows the same span.
 */
async function windowToShow(signal: AbortSignal): Promise<{ window: Window; from: Date }> {
  const now = Date.now();
  for (const window of WIDER_WINDOWS) {
    const from = new Date(now - window.ms);
    if (await holdsOnePage(from, signal)) return { window, from };
  }
  return { window: NARROWEST, from: new Date(now - NARROWEST.ms) };
}

/**
 * Events: the space's log of the last day (or, in a busier space, of a shorter window), newest
 * first, and each new event as it is committed (the client's follow: pushed by the event stream),
 * with a filter by type.
 */
export function Events() {
  const [type, setType] = useState<EventType>();
  const [events, setEvents] = useState<Event[]>([]);
  const [shown, setShown] = useState<Window>();
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    const stop = new AbortController();
    setEvents([]);
    setShown(undefined);
    setProblem(undefined);
    void (async () => {
      try {
        const { window, from } = await windowToShow(stop.signal);
        setShown(window);
        for await (const { event } of api.events.follow({
          after: from,
          ...(type ? { types: [type] } : {}),
          signal: stop.signal,
        }))
          setEvents((held) => [event, ...held].slice(0, SHOWN));
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
      {shown && (
        <p>
          {shown.label}, newest first; new events appear as they happen.
          {shown !== DAY &&
            ` The last 24 hours hold more than ${PAGE} events: GET /events reads them all.`}
        </p>
      )}
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
