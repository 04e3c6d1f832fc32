import type * as z from 'zod/mini';
import { summarizeMetadata } from './model.js';
import type { resumeSummary } from './responses.js';

/**
 * What a blind key (lib/composition/blind.ts) is shown of a resume. docs/compliance.md lists what it
 * is not shown, and why.
 */

/** Shown for every resume's file name, which often is the candidate's own name. */
export const HIDDEN_FILE_NAME = '[hidden]';

type ResumeShape = Pick<z.output<typeof resumeSummary>, 'fileName'> & {
  metadata: Record<string, unknown>;
};

/** A resume (its list entry, its full form, a candidate) without what says whose it is. */
export function blindResume<T extends ResumeShape>(resume: T): T {
  // What the lists show of every resume: skills and experience. The full form's other keys (name,
  // e-mail, phone, education, summary, whatever the product parses later) are left out by allow-list.
  return { ...resume, fileName: HIDDEN_FILE_NAME, metadata: summarizeMetadata(resume.metadata) };
}

/**
 * GET /candidates' filters by file name and by e-mail: either would tell a blind key whose resume an
 * id is, one guess at a time.
 */
export const IDENTIFYING_CANDIDATE_FILTERS = ['search', 'email'] as const;
