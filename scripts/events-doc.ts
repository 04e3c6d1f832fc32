import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildEventsDoc } from './local/events-doc.js';

/** `npm run events-doc`: writes docs/events.md (committed; a test fails when it is stale). */
const target = join(import.meta.dirname, '..', 'docs', 'events.md');
await writeFile(target, buildEventsDoc());
console.log(`Wrote ${target}`);
