import { join } from 'node:path';
import { writeConsole } from '../../infra/console.js';

/**
 * `npm run console:build`: the console built into dist/console, as the synth builds it for the edge's
 * bucket (to look at, or to serve from elsewhere); prints each asset and its size.
 */
const out = join(import.meta.dirname, '..', '..', 'dist', 'console');
const built = writeConsole(out);
process.stdout.write(
  `${JSON.stringify({ out, assets: [...built.assets].map(([name, bytes]) => ({ name, bytes: bytes.length })) })}\n`,
);
