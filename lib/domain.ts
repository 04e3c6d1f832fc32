/**
 * The enumerations of the spec, with no dependencies, so schemas and handlers can use them without
 * pulling the data layer (and the AWS SDK) into a bundle.
 */
export const JD_STATUSES = ['DRAFT', 'PUBLISHED', 'CLOSED', 'ARCHIVED'] as const;
export type JdStatus = (typeof JD_STATUSES)[number];

export const PARSE_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type ParseStatus = (typeof PARSE_STATUSES)[number];

export const APPLICATION_STATUSES = ['SCREENING', 'SHORTLISTED', 'REJECTED', 'HIRED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
