import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { problemOf } from '../api.js';

/** A page of a cursor-paged list, as the API answers one. */
export interface Paged<Item> {
  data: Item[];
  pagination: { hasMore: boolean; nextCursor?: string | null | undefined };
}

/** An instant the form's datetime-local field holds (the browser's time zone), as the API takes it. */
export const instant = (local: FormDataEntryValue | null): string | undefined =>
  typeof local === 'string' && local !== '' ? new Date(local).toISOString() : undefined;

export const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString() : '—';

/**
 * A newest-first log with its filters (the form's fields, read into the query by `queryOf`) and its
 * next pages (**Older**, by the answer's cursor): what Requests and Audit log share.
 */
export function FilteredLog<Item, Query extends Record<string, string | undefined>>({
  label,
  filters,
  queryOf,
  fetchPage,
  table,
}: {
  label: string;
  filters: ReactNode;
  queryOf: (form: FormData) => Query;
  fetchPage: (query: Query & { cursor?: string }) => Promise<Paged<Item>>;
  table: (items: Item[]) => ReactNode;
}) {
  const [query, setQuery] = useState<Query>();
  const [items, setItems] = useState<Item[]>([]);
  const [cursor, setCursor] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [loading, setLoading] = useState(false);
  const load = useCallback(
    async (asked: Query, from?: string) => {
      setLoading(true);
      try {
        const page = await fetchPage({ ...asked, ...(from ? { cursor: from } : {}) });
        setItems((shown) => (from ? [...shown, ...page.data] : page.data));
        setCursor(page.pagination.hasMore ? (page.pagination.nextCursor ?? undefined) : undefined);
        setProblem(undefined);
      } catch (error) {
        setProblem(problemOf(error));
      } finally {
        setLoading(false);
      }
    },
    [fetchPage],
  );
  useEffect(() => {
    const everything = {} as Query;
    setQuery(everything);
    void load(everything);
  }, [load]);
  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const asked = queryOf(new FormData(event.currentTarget));
    setQuery(asked);
    void load(asked);
  };
  return (
    <>
      <form aria-label={`Filter ${label}`} className="filters" onSubmit={filter}>
        {filters}
        <button type="submit">Filter</button>
      </form>
      {problem && <p role="alert">{problem}</p>}
      {table(items)}
      {items.length === 0 && !loading && !problem && <p>Nothing here.</p>}
      {cursor && query && (
        <button type="button" disabled={loading} onClick={() => void load(query, cursor)}>
          Older
        </button>
      )}
    </>
  );
}

/** Drops the form's empty fields, so that an unset filter is not sent. */
export function filled<Query extends Record<string, string | undefined>>(query: Query): Query {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Query;
}
