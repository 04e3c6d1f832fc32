/**
 * The developer console's page as the edge serves it (and the local gateway with it): under /console/,
 * the page itself never cached (it names the current assets), the assets content-hashed and cached
 * for ever, every answer with the same security headers. The build is here too, as each function's
 * bundling is in infra/api-function.ts: what deploys is built by the synth (infra/console-site.ts).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';
import { CONSOLE_PATH } from '../lib/config.js';

export { CONSOLE_PATH };
export const CONSOLE_ASSETS_PATH = `${CONSOLE_PATH}assets/`;

/**
 * Scripts, styles and calls from the page's own origin only (no inline script, no `*`); the page can be
 * framed by nobody, sends no Referer, and its types are never sniffed.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  // The API's calls, and the event stream's WebSocket to the same host ('self' matches ws: and wss:
  // there, CSP Level 3).
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const CONSOLE_SECURITY_HEADERS = {
  'Content-Security-Policy': CONSOLE_CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
} as const;

export const CONSOLE_CACHE = {
  page: 'no-cache',
  asset: 'public, max-age=31536000, immutable',
} as const;

/** The most compressed script the console's first load may take (the budget; the bench reports it). */
export const CONSOLE_SCRIPT_BUDGET_BYTES = 200 * 1024;

export const CONSOLE_SOURCE = join(import.meta.dirname, '..', 'console', 'src');

export interface BuiltConsole {
  /** the page's HTML, naming the assets */
  page: string;
  /** each asset's file name under assets/, and its bytes */
  assets: Map<string, Uint8Array>;
}

/**
 * Builds the console (console/src): its assets content-hashed, and the page naming them. Minified for
 * production: what the edge serves, and what the local gateway serves too. Synchronous, as CDK's
 * local bundling is (esbuild takes well under a second).
 */
export function buildConsole(): BuiltConsole {
  const result = buildSync({
    entryPoints: [join(CONSOLE_SOURCE, 'main.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    entryNames: 'app-[hash]',
    outdir: join(CONSOLE_SOURCE, '..', 'assets'),
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    tsconfig: join(CONSOLE_SOURCE, '..', 'tsconfig.json'),
    logLevel: 'silent',
  });
  const assets = new Map(result.outputFiles.map((file) => [basename(file.path), file.contents]));
  const named = (extension: string) =>
    [...assets.keys()].find((name) => name.endsWith(extension)) ?? '';
  const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Developer console · Hiring Integration API</title>
    <link rel="stylesheet" href="${CONSOLE_ASSETS_PATH}${named('.css')}" />
    <script type="module" src="${CONSOLE_ASSETS_PATH}${named('.js')}"></script>
  </head>
  <body>
    <div id="root"></div>
    <noscript>The developer console needs JavaScript.</noscript>
  </body>
</html>
`;
  return { page, assets };
}

/** Writes the build into `outDir` as the bucket holds it under console/: index.html and assets/. */
export function writeConsole(outDir: string): BuiltConsole {
  const built = buildConsole();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  writeFileSync(join(outDir, 'index.html'), built.page);
  for (const [name, bytes] of built.assets) writeFileSync(join(outDir, 'assets', name), bytes);
  return built;
}
