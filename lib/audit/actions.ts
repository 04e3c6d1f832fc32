/** What the audit log records (no dependencies: schemas use it without the data layer). */
export const AUDIT_ACTIONS = [
  'key.created',
  'key.revoked',
  'webhook.created',
  'webhook.secret_rotated',
  'webhook.enabled',
  'webhook.deleted',
  'webhook.test_requested',
  'webhook.retry_requested',
  'webhook.replay_requested',
  'jd.created',
  'jd.updated',
  'jd.deleted',
  'review.created',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
