import { keyModesOf } from '../../lib/http/route-definition.js';
import { routeEntries } from '../../lib/composition/routes.js';

/**
 * docs/api.md's "Scopes" table, from the route table: each route with the scopes that let a key call
 * it and the one its 403 names, routes that answer alike on one row. `npm run openapi` writes it
 * between the markers; a test holds the docs to it.
 */
export const SCOPE_TABLE_MARKERS = {
  start: '<!-- scopes: written by npm run openapi from the route table -->',
  end: '<!-- end of scopes -->',
} as const;

const HEADER = ['Route', 'Scopes accepted', 'Named in the 403'];

/** The table's rows, header first: a row per set of routes that take the same scopes. */
export function scopeRows(): string[][] {
  const rows = new Map<string, { routes: string[]; accepted: string; named: string }>();
  for (const [, route] of routeEntries()) {
    const requirement = route.scope;
    const modes = keyModesOf(route);
    const only = modes.length === 1 ? ` (${modes[0]} keys only)` : '';
    const accepted = requirement
      ? [requirement.generic, requirement.scope].filter(Boolean).join(', ') + only
      : `any valid key${only}`;
    const named = requirement?.scope ?? '—';
    const key = `${accepted}|${named}`;
    const row = rows.get(key) ?? { routes: [], accepted, named };
    row.routes.push(`${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`);
    rows.set(key, row);
  }
  return [
    HEADER,
    ...[...rows.values()].map((row) => [row.routes.join(', '), row.accepted, row.named]),
  ];
}

/** The table as markdown (Prettier aligns it in the file). */
export function scopeTable(): string {
  const [header = [], ...body] = scopeRows();
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}

/** `text` with the table between its markers replaced by `table`. */
export function withScopeTable(text: string, table: string): string {
  const start = text.indexOf(SCOPE_TABLE_MARKERS.start);
  const end = text.indexOf(SCOPE_TABLE_MARKERS.end);
  if (start < 0 || end < start) throw new Error('docs/api.md has no scope table markers');
  return `${text.slice(0, start + SCOPE_TABLE_MARKERS.start.length)}\n\n${table}\n\n${text.slice(end)}`;
}

/** The rows of the table between the markers of `text` (cells trimmed; the separator row left out). */
export function scopeRowsIn(text: string): string[][] {
  const start = text.indexOf(SCOPE_TABLE_MARKERS.start);
  const end = text.indexOf(SCOPE_TABLE_MARKERS.end);
  return text
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}
