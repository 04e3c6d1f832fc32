/** An application's status, set by the product (no dependencies: schemas use it without the data layer). */
export const APPLICATION_STATUSES = ['SCREENING', 'SHORTLISTED', 'REJECTED', 'HIRED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** What a person decided about an AI score (POST /applications/:id/reviews). */
export const REVIEW_OUTCOMES = ['confirmed', 'overridden', 'rejected'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
