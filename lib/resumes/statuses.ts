/** A resume's parse status (no dependencies: schemas and handlers use it without the data layer). */
export const PARSE_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type ParseStatus = (typeof PARSE_STATUSES)[number];
