import { gzipSync } from 'node:zlib';
import {
  CONSOLE_ASSETS_PATH,
  CONSOLE_CACHE,
  CONSOLE_PATH,
  CONSOLE_SECURITY_HEADERS,
} from '../../infra/console.js';
import { buildConsole, type BuiltConsole } from '../../infra/console.js';

/**
 * The developer console as the edge serves it, locally: the page at /console/, its hashed assets
 * under /console/assets/, with the edge's headers. Built once, at its first request (esbuild: well
 * under a second), so that a gateway nobody opens the console on never builds it.
 */
let built: Promise<BuiltConsole> | undefined;

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

export interface ConsoleReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The console's answer to a GET of `path`, or undefined when the path is not the console's. */
export async function consoleReply(
  method: string,
  path: string,
  acceptEncoding: string | undefined,
): Promise<ConsoleReply | undefined> {
  if (path === '/console') return redirect();
  if (!path.startsWith(CONSOLE_PATH)) return undefined;
  if (method !== 'GET' && method !== 'HEAD') return notFound();
  built ??= Promise.resolve().then(buildConsole);
  const { page, assets } = await built;
  if (path === CONSOLE_PATH || path === `${CONSOLE_PATH}index.html`)
    return answer(
      Buffer.from(page),
      'text/html; charset=utf-8',
      CONSOLE_CACHE.page,
      acceptEncoding,
    );
  const name = path.startsWith(CONSOLE_ASSETS_PATH) ? path.slice(CONSOLE_ASSETS_PATH.length) : '';
  const asset = assets.get(name);
  if (!asset) return notFound();
  const type = TYPES[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
  return answer(Buffer.from(asset), type, CONSOLE_CACHE.asset, acceptEncoding);
}

function answer(body: Buffer, type: string, cache: string, acceptEncoding: string | undefined) {
  const gzip = /\bgzip\b/.test(acceptEncoding ?? '');
  return {
    status: 200,
    headers: {
      ...CONSOLE_SECURITY_HEADERS,
      'Content-Type': type,
      'Cache-Control': cache,
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    },
    body: gzip ? gzipSync(body) : body,
  };
}

const redirect = (): ConsoleReply => ({
  status: 301,
  headers: { ...CONSOLE_SECURITY_HEADERS, Location: CONSOLE_PATH },
  body: Buffer.alloc(0),
});

const notFound = (): ConsoleReply => ({
  status: 404,
  headers: {
    ...CONSOLE_SECURITY_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  },
  body: Buffer.from('Not found'),
});
