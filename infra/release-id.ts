import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

let cached: string | undefined;

/**
 * The code release the functions of a deployment run: a digest of what their bundles are built from
 * (lib/, functions/, the lockfile). Every function gets it as RELEASE_ID and every log line carries it
 * (lib/observability/logger.ts), so that one canary alarm can count the errors of the code being
 * deployed, across all the API functions, and none of the code it replaces (infra/rollout.ts). The same
 * sources give the same id; a rollback to older code brings back that code's id.
 */
export function codeRelease(): string {
  if (cached) return cached;
  const hash = createHash('sha256');
  const files: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|json|csv)$/.test(entry.name)) files.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, 'lib'));
  walk(join(ROOT, 'functions'));
  files.push('package-lock.json');
  for (const file of files.sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  cached = hash.digest('hex').slice(0, 16);
  return cached;
}
