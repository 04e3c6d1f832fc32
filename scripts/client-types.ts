import { writeFileSync } from 'node:fs';
import { CLIENT_TYPES_FILE, clientTypes } from './local/client-types.js';
import { PYTHON_TYPES_FILE, pythonTypes } from './local/python-types.js';
import {
  PYTHON_METHODS_FILE,
  pythonRouteMethods,
  TS_METHODS_FILE,
  tsRouteMethods,
} from './local/client-methods.js';

writeFileSync(CLIENT_TYPES_FILE, await clientTypes());
process.stderr.write(`Wrote ${CLIENT_TYPES_FILE}\n`);
writeFileSync(PYTHON_TYPES_FILE, pythonTypes());
process.stderr.write(`Wrote ${PYTHON_TYPES_FILE}\n`);
writeFileSync(TS_METHODS_FILE, await tsRouteMethods());
process.stderr.write(`Wrote ${TS_METHODS_FILE}\n`);
writeFileSync(PYTHON_METHODS_FILE, pythonRouteMethods());
process.stderr.write(`Wrote ${PYTHON_METHODS_FILE}\n`);
