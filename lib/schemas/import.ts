import * as z from 'zod/mini';
import { ID_RULE, isValidId } from '../db/ids.js';
import { APPLICATION_STATUSES, JD_STATUSES, PARSE_STATUSES } from '../domain.js';
import { optionalText, text } from './fields.js';
import { LIMITS } from './limits.js';

/** The product-data file of `npm run admin -- import` (ARCHITECTURE.md): ids optional, kept when given. */
const id = z.optional(z.string().check(z.refine(isValidId, `must be ${ID_RULE}`)));
const timestamp = z.optional(z.iso.datetime({ offset: true }));

export const importFile = z.object({
  jds: z.optional(
    z.array(
      z.object({
        id,
        title: text(LIMITS.title),
        description: text(LIMITS.longText),
        createdById: text(LIMITS.createdById),
        status: z.optional(z.enum(JD_STATUSES)),
        department: optionalText(LIMITS.shortText),
        location: optionalText(LIMITS.shortText),
        experience: optionalText(LIMITS.shortText),
        type: optionalText(LIMITS.shortText),
        salary: optionalText(LIMITS.shortText),
        requirements: optionalText(LIMITS.longText),
        createdAt: timestamp,
      }),
    ),
  ),
  resumes: z.optional(
    z.array(
      z.object({
        id,
        fileName: text(LIMITS.shortText),
        parseStatus: z.optional(z.enum(PARSE_STATUSES)),
        metadata: z.optional(z.record(z.string(), z.unknown())),
        createdAt: timestamp,
      }),
    ),
  ),
  applications: z.optional(
    z.array(
      z.object({
        id,
        jdId: z.string(),
        resumeId: z.string(),
        status: z.optional(z.enum(APPLICATION_STATUSES)),
        aiScores: z.optional(z.array(z.object({ overallScore: z.number().check(z.gte(0), z.lte(100)) }))),
        createdAt: timestamp,
      }),
    ),
  ),
});
export type ImportFile = z.infer<typeof importFile>;
