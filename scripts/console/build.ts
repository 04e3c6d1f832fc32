import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { CONSOLE_ASSETS_PATH } from '../../infra/console.js';

/**
 * Builds the developer console (console/src) into dist/console: its assets content-hashed under
 * assets/, and the page naming them. Minified for production: what the edge serves, and what the
 * local gateway serves too.
 */
export const CONSOLE_SOURCE = join(import.meta.dirname, '..', '..', 'console', 'src');
export const CONSOLE_OUT = join(import.meta.dirname, '..', '..', 'dist', 'console');

export interface BuiltConsole {
  /** the page's HTML, naming the assets */
  page: string;
  /** each asset's file name under assets/, and its bytes */
  assets: Map<string, Uint8Array>;
}

export async function buildConsole(): Promise<BuiltConsole> {
  const result = await build({
    entryPoints: [join(CONSOLE_SOURCE, 'main.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    entryNames: 'app-[hash]',
    outdir: join(CONSOLE_OUT, 'assets'),
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

/** Writes the build to dist/console (what the edge's bucket is filled from). */
export async function writeConsole(): Promise<BuiltConsole> {
  const built = await buildConsole();
  rmSync(CONSOLE_OUT, { recursive: true, force: true });
  mkdirSync(join(CONSOLE_OUT, 'assets'), { recursive: true });
  writeFileSync(join(CONSOLE_OUT, 'index.html'), built.page);
  for (const [name, bytes] of built.assets) writeFileSync(join(CONSOLE_OUT, 'assets', name), bytes);
  return built;
}

if (process.argv[1] === import.meta.filename) {
  const built = await writeConsole();
  process.stdout.write(
    `${JSON.stringify({ out: CONSOLE_OUT, assets: [...built.assets].map(([name, bytes]) => ({ name, bytes: bytes.length })) })}\n`,
  );
}
