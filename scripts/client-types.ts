import { writeFileSync } from 'node:fs';
import { CLIENT_TYPES_FILE, clientTypes } from './local/client-types.js';
import { PYTHON_TYPES_FILE, pythonTypes } from './local/python-types.js';

writeFileSync(CLIENT_TYPES_FILE, await clientTypes());
process.stderr.write(`Wrote ${CLIENT_TYPES_FILE}\n`);
writeFileSync(PYTHON_TYPES_FILE, pythonTypes());
process.stderr.write(`Wrote ${PYTHON_TYPES_FILE}\n`);
