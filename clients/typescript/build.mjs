// `npm run build`: dist/index.js (one ESM file, standardwebhooks left to the consumer's install), the
// `hiring listen` command (dist/cli.js, and dist/listen.js for use from code; Node only) and
// dist/*.d.ts. Uses the repository's esbuild and TypeScript.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
const result = await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: ['standardwebhooks', 'node:*'],
  minify: true,
  metafile: true,
});
await build({
  entryPoints: ['src/cli.ts', 'src/listen.ts'],
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['standardwebhooks'],
  minify: true,
  banner: { js: '#!/usr/bin/env node' },
});
execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
process.stderr.write(`dist/index.js: ${(bytes / 1024).toFixed(1)} KB minified\n`);
