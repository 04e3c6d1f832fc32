import { HttpError } from '../http/errors.js';

/**
 * MCP's transport asks a server to refuse, with a 403, a request whose Origin it does not expect: that
 * is what keeps a web page from reaching a server through DNS rebinding (the page's name made to point
 * at the server). A page of the server's own domain is the only one expected: `servedDomain` is the
 * name API Gateway answered on, which no Host header a page sends can change. MCP clients (Claude Code,
 * Claude Desktop, Cursor, the SDKs) send no Origin at all.
 */
export function refuseForeignOrigin(
  headers: Record<string, string | undefined>,
  servedDomain: string,
): void {
  const origin = headers.origin;
  if (origin === undefined || hostnameOf(origin) === servedDomain) return;
  throw new HttpError(
    'origin_not_allowed',
    'A request from a web page of another domain (its Origin header) is refused: call the MCP server from an MCP client or a server',
  );
}

function hostnameOf(origin: string): string | undefined {
  try {
    return new URL(origin).hostname;
  } catch {
    return undefined;
  }
}
