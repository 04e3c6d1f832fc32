import { writeFileSync } from 'node:fs';
import { CLIENT_TYPES_FILE, clientTypes } from './local/client-types.js';

writeFileSync(CLIENT_TYPES_FILE, await clientTypes());
process.stderr.write(`Wrote ${CLIENT_TYPES_FILE}\n`);
