import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';

/**
 * The clients' per-route methods, generated from docs/openapi.json by `npm run client:types`, as their
 * types are: each operation's `x-client-method` (the route table's `clientMethod`) names its method,
 * and its path, parameters and body give the method's arguments. The TypeScript client's go to
 * clients/typescript/src/routes.ts, the Python client's to clients/python/src/hiring_integration/routes.py;
 * the helpers built on them (listAll, sync, keepInSync, upsertMany, follow, getIfChanged) stay written
 * by hand. A route with no client method would fail the route table's compile; one whose method is
 * missing from a client fails test/unit/client-methods.test.ts.
 */
const ROOT = join(import.meta.dirname, '..', '..');
export const TS_METHODS_FILE = join(ROOT, 'clients', 'typescript', 'src', 'routes.ts');
export const PYTHON_METHODS_FILE = join(
  ROOT,
  'clients',
  'python',
  'src',
  'hiring_integration',
  'routes.py',
);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
}

interface Operation {
  operationId: string;
  summary: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
  'x-client-method': string | null;
}

/** One route's method, as both clients make it. */
export interface ClientRoute {
  operationId: string;
  /** the group it sits in (`jds`), or undefined for a method of the client itself (`whoami`) */
  group: string | undefined;
  method: string;
  verb: string;
  path: string;
  summary: string;
  pathParameters: string[];
  /** the query parameters it takes, without a delta walk's (`updatedSince`, `syncToken`: the `changes` helpers') */
  query: string[];
  /** a list that is also a delta walk: its plain page is this method's */
  deltaSync: boolean;
  body: boolean;
  ifMatch: boolean;
  idempotent: boolean;
  noContent: boolean;
}

const DELTA_PARAMETERS = new Set(['updatedSince', 'syncToken']);

export function clientRoutes(): ClientRoute[] {
  const document = JSON.parse(readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const routes: ClientRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths))
    for (const [verb, operation] of Object.entries(operations)) {
      const name = operation['x-client-method'];
      if (typeof operation !== 'object' || name === undefined)
        throw new Error(`${verb} ${path} has no x-client-method: run npm run openapi`);
      if (name === null) continue;
      const [group, method] = name.includes('.') ? name.split('.') : [undefined, name];
      const parameters = operation.parameters ?? [];
      const query = parameters.filter((p) => p.in === 'query').map((p) => p.name);
      routes.push({
        operationId: operation.operationId,
        group,
        method: method as string,
        verb: verb.toUpperCase(),
        path,
        summary: operation.summary,
        pathParameters: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string),
        query: query.filter((name) => !DELTA_PARAMETERS.has(name)),
        deltaSync: query.some((name) => DELTA_PARAMETERS.has(name)),
        body: operation.requestBody !== undefined,
        ifMatch: parameters.some((p) => p.in === 'header' && p.name === 'If-Match'),
        idempotent: parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
        noContent: '204' in operation.responses,
      });
    }
  return routes;
}

const HEADER = (comment: string) =>
  `${comment} Generated from docs/openapi.json by \`npm run client:types\`: one method per route, named by its\n${comment} x-client-method (the route table's \`clientMethod\`). Do not edit.\n`;

/** The TypeScript client's route methods (clients/typescript/src/routes.ts). */
export async function tsRouteMethods(): Promise<string> {
  const groups = new Map<string | undefined, ClientRoute[]>();
  for (const route of clientRoutes())
    groups.set(route.group, [...(groups.get(route.group) ?? []), route]);
  const methodOf = (route: ClientRoute, indent: string) => {
    const id = route.operationId;
    const args = [
      ...route.pathParameters.map((name) => `${name}: string`),
      ...(route.body ? [`body: Body<'${id}'>`] : []),
      ...(route.query.length > 0
        ? [`query: ${route.deltaSync ? 'PageQuery' : 'Query'}<'${id}'> = {}`]
        : []),
      `options?: ${route.ifMatch ? 'VersionedCallOptions' : 'CallOptions'}`,
    ];
    const path =
      route.pathParameters.length === 0
        ? `'${route.path}'`
        : `\`${route.path.replace(/\{(\w+)\}/g, (_, name) => `\${encodeURIComponent(${name})}`)}\``;
    const returned = route.noContent
      ? 'void'
      : route.deltaSync
        ? `Answered<PageOf<'${id}'>>`
        : `Answered<Returned<'${id}'>>`;
    const init = [
      ...(route.query.length > 0 ? ['query'] : []),
      ...(route.body ? ['body'] : []),
      ...(route.idempotent ? ['idempotent: true'] : []),
      'options',
    ];
    return `${indent}/** ${route.summary} (${route.verb} ${route.path}) */\n${indent}${route.method}: (${args.join(', ')}): Promise<${returned}> =>\n${indent}  call('${route.verb}', ${path}, { ${init.join(', ')} }),\n`;
  };
  let out = `${HEADER('//')}
import type {
  Answered,
  Body,
  CallOptions,
  PageOf,
  PageQuery,
  Query,
  Returned,
  RouteCall,
  VersionedCallOptions,
} from './calls.js';

/** Each route's method, grouped as the client shows them, over \`call\` (the client's request, retries and answer). */
export function routeMethods(call: RouteCall) {
  return {
`;
  for (const [group, routes] of groups) {
    if (group === undefined) {
      for (const route of routes) out += methodOf(route, '    ');
      continue;
    }
    out += `    ${group}: {\n`;
    for (const route of routes) out += methodOf(route, '      ');
    out += '    },\n';
  }
  const config = await prettier.resolveConfig(TS_METHODS_FILE);
  return prettier.format(`${out}  };\n}\n`, { ...config, filepath: TS_METHODS_FILE });
}

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const pascal = (name: string) => name[0]?.toUpperCase() + name.slice(1);

/** The Python client's route methods (clients/python/src/hiring_integration/routes.py): a base class per group. */
export function pythonRouteMethods(): string {
  const groups = new Map<string | undefined, ClientRoute[]>();
  for (const route of clientRoutes())
    groups.set(route.group, [...(groups.get(route.group) ?? []), route]);
  const methodOf = (route: ClientRoute) => {
    const args = [
      'self',
      ...route.pathParameters.map((name) => `${snake(name)}: str`),
      ...(route.body ? ['body: Mapping[str, Any]'] : []),
      ...(route.query.length > 0 ? ['query: Optional[Query] = None'] : []),
    ];
    const keywords = [
      ...(route.ifMatch ? ['if_match: Optional[str] = None'] : []),
      ...(route.idempotent ? ['idempotency_key: Optional[str] = None'] : []),
    ];
    const signature = [...args, ...(keywords.length > 0 ? ['*', ...keywords] : [])].join(', ');
    const path =
      route.pathParameters.length === 0
        ? `"${route.path}"`
        : `f"${route.path.replace(/\{(\w+)\}/g, (_, name) => `{_quote(${snake(name)})}`)}"`;
    const returned = route.noContent ? 'None' : `t.${pascal(route.operationId)}Answer`;
    const call = [
      `"${route.verb}"`,
      path,
      ...(route.query.length > 0 ? ['query=query'] : []),
      ...(route.body ? ['body=body'] : []),
      ...(route.idempotent ? ['idempotent=True', 'idempotency_key=idempotency_key'] : []),
      ...(route.ifMatch ? ['if_match=if_match'] : []),
    ];
    const body = route.noContent
      ? `        self._route(${call.join(', ')})\n`
      : `        return cast(${returned}, self._route(${call.join(', ')}))\n`;
    return `    def ${snake(route.method)}(${signature}) -> ${returned}:\n        """${route.summary} (${route.verb} ${route.path})."""\n${body}\n`;
  };
  let out = `${HEADER('#')}"""Each route's method, a base class per group of the client (its helpers are written by hand on top)."""

from __future__ import annotations

import urllib.parse
from typing import Any, Mapping, Optional, Union, cast

from . import types as t

Query = Mapping[str, Union[str, int, float, bool, None]]


def _quote(value: str) -> str:
    return urllib.parse.quote(value, safe="")


class RouteMethods:
    """What every group's route methods send their requests through (the client's groups implement it)."""

    def _route(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Query] = None,
        body: Optional[Mapping[str, Any]] = None,
        idempotent: bool = False,
        idempotency_key: Optional[str] = None,
        if_match: Optional[str] = None,
    ) -> Any:
        """Sends a route's request: the client's transport does (client.py)."""
        raise NotImplementedError

`;
  for (const [group, routes] of groups) {
    out += `\nclass ${group === undefined ? 'Client' : pascal(group)}Routes(RouteMethods):\n`;
    for (const route of routes) out += methodOf(route);
  }
  return `${out.trimEnd()}\n`;
}
