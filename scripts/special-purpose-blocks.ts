import { writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { BLOCKS_MODULE, blocksModule, specialPurposeBlocks } from './local/special-purpose.js';

/** `npm run special-purpose-blocks`: lib/webhooks/special-purpose-blocks.ts from the registries' CSV copies. */
const source = blocksModule(specialPurposeBlocks());
const options = (await resolveConfig(BLOCKS_MODULE)) ?? {};
await writeFile(BLOCKS_MODULE, await format(source, { ...options, filepath: BLOCKS_MODULE }));
console.error(`Wrote ${BLOCKS_MODULE}`);
