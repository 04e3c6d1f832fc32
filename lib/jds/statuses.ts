/**
 * A JD's statuses, and the moves between them that integrators may make. Publishing is done in the
 * product, which may set any status; through the API a JD can only be closed or archived.
 */
export const JD_STATUSES = ['DRAFT', 'PUBLISHED', 'CLOSED', 'ARCHIVED'] as const;
export type JdStatus = (typeof JD_STATUSES)[number];

/** The statuses an integrator may move a JD to, from each (PATCH /jds/:jdId). */
export const INTEGRATOR_MOVES: Readonly<Record<JdStatus, readonly JdStatus[]>> = {
  DRAFT: ['CLOSED', 'ARCHIVED'],
  PUBLISHED: ['CLOSED', 'ARCHIVED'],
  CLOSED: ['ARCHIVED'],
  ARCHIVED: [],
};

/** Why an integrator may not move a JD from `from` to `to`, or undefined when it may (staying is no move). */
export function refusedMove(from: JdStatus, to: JdStatus): string | undefined {
  const allowed = INTEGRATOR_MOVES[from];
  if (to === from || allowed.includes(to)) return undefined;
  return `A JD that is ${from} can move to ${allowed.length ? allowed.join(' or ') : 'no other status'} through the API, not to ${to}: publishing is done in the product`;
}
