/** Quota figures the authorizer hands to every function, and the responses derived from them. */
export interface QuotaFigures {
  used: number;
  limit: number;
  /** epoch ms */
  resetAt: number;
}

/** `RateLimit-*` headers (IETF draft) on every authenticated response. */
export function rateLimitHeaders(quota: QuotaFigures, now = Date.now()): Record<string, string> {
  return {
    'RateLimit-Limit': String(quota.limit),
    'RateLimit-Remaining': String(Math.max(0, quota.limit - quota.used)),
    'RateLimit-Reset': String(Math.max(0, Math.ceil((quota.resetAt - now) / 1000))),
  };
}

/** "37 minutes", "1 minute", "45 seconds": the period in "Rate limit exceeded, retry in <period>". */
export function describePeriod(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
