import { sortableTime, tenantPk } from './ids.js';

/**
 * Keys of application items, in a module of their own because both the application and the resume
 * repositories write application items (the resume's name and e-mail are copied onto them).
 */
export const applicationKeys = {
  item: (tenantId: string, jdId: string, applicationId: string) => ({
    pk: tenantPk(tenantId),
    sk: `APP#${jdId}#${applicationId}`,
  }),
  /** Which JD and resume an application id belongs to, for writes addressed by id alone. */
  pointer: (tenantId: string, applicationId: string) => ({ pk: tenantPk(tenantId), sk: `APPID#${applicationId}` }),
  /** Prefix of one JD's entries in the matches index (ids contain no "#"). */
  matchesPrefix: (jdId: string) => `${jdId}#`,
  /**
   * Ascending order of this key is the ranking: best score descending ("A#" + 100 - score, fixed
   * width), unscored after every scored one ("B#"), ties by earliest application, then by id.
   */
  matchSort: (jdId: string, bestScore: number | undefined, createdAt: string, applicationId: string) =>
    bestScore === undefined
      ? `${jdId}#B#${sortableTime(createdAt)}#${applicationId}`
      : `${jdId}#A#${(100 - bestScore).toFixed(6).padStart(10, '0')}#${sortableTime(createdAt)}#${applicationId}`,
};
