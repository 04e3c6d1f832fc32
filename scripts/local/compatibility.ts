import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ApiVersion } from '../../lib/versions/table.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
export const RELEASED_DOCUMENT = join(ROOT, 'docs', 'openapi.released.json');
const OPTIC = join(ROOT, 'node_modules', '.bin', 'optic');

type Document = { info: { version: string } };

/** What Optic's diff says of two documents: its report, and whether its breaking-change rules passed. */
export async function opticDiff(
  released: object,
  current: object,
  options: { json?: boolean } = {},
): Promise<{ passed: boolean; report: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'api-compat-'));
  try {
    const [before, after] = [join(folder, 'released.json'), join(folder, 'current.json')];
    await writeFile(before, JSON.stringify(released));
    await writeFile(after, JSON.stringify(current));
    const args = ['diff', before, after, '--check', ...(options.json ? ['--json'] : [])];
    // Telemetry off: CI has no network, and nothing of the document should leave the machine.
    const env = { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', NO_COLOR: '1' };
    try {
      const { stdout } = await run(OPTIC, args, { cwd: folder, env, maxBuffer: 64 << 20 });
      return { passed: true, report: stdout };
    } catch (error) {
      const { stdout, stderr, code } = error as { stdout?: string; stderr?: string; code?: number };
      // Exit code 1: a check failed. Anything else is Optic failing to read a document.
      if (code !== 1)
        throw new Error(`optic diff failed (${code}): ${stderr ?? ''}${stdout ?? ''}`, {
          cause: error,
        });
      return { passed: false, report: stdout ?? '' };
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Whether the current document may ship after the released one: yes when Optic finds nothing breaking;
 * when it does, only if a version newer than the released one is declared and the version before it
 * declares the changes that serve its integrators their old shapes (lib/versions/table.ts).
 */
export async function checkCompatibility(
  released: Document,
  current: Document,
  versions: readonly ApiVersion[],
): Promise<{ ok: boolean; report: string }> {
  return compatibilityVerdict(await opticDiff(released, current), released.info.version, versions);
}

/** The verdict on Optic's diff of the released document (of `releasedVersion`) and the current one. */
export function compatibilityVerdict(
  diff: { passed: boolean; report: string },
  releasedVersion: string,
  versions: readonly ApiVersion[],
): { ok: boolean; report: string } {
  if (diff.passed) return { ok: true, report: diff.report };
  const newest = versions.at(-1);
  const previous = versions.at(-2);
  const declaresChanges =
    previous?.changes !== undefined &&
    Object.keys({ ...previous.changes.answers, ...previous.changes.events }).length > 0;
  if (newest && newest.version > releasedVersion && declaresChanges)
    return {
      ok: true,
      report: `${diff.report}\nBreaking changes ship as version ${newest.version}; ${previous?.version} declares how to serve its shapes.`,
    };
  return {
    ok: false,
    report: `${diff.report}
A breaking change to the released API (docs/openapi.released.json, version ${releasedVersion}).
Either make the change additive (docs/api.md, "Compatibility and versions"), or declare a new version
in lib/versions/table.ts with the changes that take its shapes back to the version before, then
\`npm run release\`.`,
  };
}
