import { CANARY } from '../../infra/rollout.js';
import { apiRequestsPerSecond, DEFAULT_MIX } from './model.js';

/**
 * The odds of a canary (infra/rollout.ts; `npx tsx scripts/capacity/canary-odds.ts` prints them): how
 * often a release whose answers fail at a given rate is rolled back within its canary, at a given
 * traffic, by the rule that judges the release's 500s. Computed exactly, not sampled, so the same
 * every run:
 * - the canary's 10% gets the same number of answers every minute (`tenants` at DEFAULT_MIX), each a
 *   500 at the release's rate, independently: a minute's 500s are Poisson;
 * - the alarm sees every minute of the canary before CodeDeploy moves the rest (CloudWatch's minute or
 *   so of delay takes the last minute off either rule alike);
 * - a datapoint sums its window (the alarm's period, evaluated each minute: CloudWatch's sliding
 *   window); a minute before the canary has none of the release's answers.
 * test/infra/alarms.test.ts holds CANARY_RULE to the alarm that deploys, and the odds to a seeded
 * simulation through that alarm's own expression; docs/operations.md ("Rollbacks") has the table.
 */
export interface CanaryRule {
  /** minutes at 10% before CodeDeploy moves the rest */
  minutes: number;
  /** minutes a datapoint sums: 1 (a minute at a time), or at least the canary's (the canary so far) */
  windowMinutes: number;
  /** the datapoints looked at each minute, and how many must breach */
  evaluationPeriods: number;
  datapointsToAlarm: number;
  /** a datapoint breaches with at least `leastFailed` 500s that are `failedPercent` or more of its answers */
  leastFailed: number;
  failedPercent: number;
}

/** The rule before: a minute at a time, at least 2 500s and 1%, in 2 minutes of 3, a 5-minute canary. */
export const PER_MINUTE_RULE: CanaryRule = {
  minutes: 5,
  windowMinutes: 1,
  evaluationPeriods: 3,
  datapointsToAlarm: 2,
  leastFailed: 2,
  failedPercent: 1,
};

/** The rule that deploys (CANARY): the canary so far, summed each minute. */
export const CANARY_RULE: CanaryRule = {
  minutes: CANARY.minutes,
  windowMinutes: CANARY.windowMinutes,
  evaluationPeriods: 1,
  datapointsToAlarm: 1,
  leastFailed: CANARY.leastFailed,
  failedPercent: CANARY.failedPercent,
};

/** The answers a minute the canary's 10% of the HTTP API gets from `tenants`. */
export function canaryAnswersPerMinute(tenants: number, mix = DEFAULT_MIX): number {
  return tenants * apiRequestsPerSecond(mix) * 60 * 0.1;
}

/** Poisson(mean) probabilities of 0…most, from logarithms (a busy canary's mean is in the hundreds). */
function poisson(mean: number, most: number): number[] {
  const odds: number[] = [];
  let log = -mean;
  for (let k = 0; k <= most; k++) {
    if (k > 0) log += Math.log(mean) - Math.log(k);
    odds.push(mean > 0 ? Math.exp(log) : k === 0 ? 1 : 0);
  }
  return odds;
}

/** The fewest 500s with which a datapoint of `answers` answers breaches. */
function leastBreaching(rule: CanaryRule, answers: number): number {
  return Math.max(rule.leastFailed, Math.ceil((rule.failedPercent / 100) * answers - 1e-9));
}

/** The probability that `rule` rolls back a canary of `answersPerMinute` answers a minute, `failedShare` of them 500s. */
export function rollbackOdds(
  rule: CanaryRule,
  answersPerMinute: number,
  failedShare: number,
): number {
  const mean = answersPerMinute * failedShare;
  if (rule.windowMinutes === 1) {
    // Minutes are independent: each breaches alike; look at every sequence of them.
    const least = leastBreaching(rule, answersPerMinute);
    const breach = 1 - poisson(mean, least - 1).reduce((sum, p) => sum + p, 0);
    let fired = 0;
    for (let sequence = 0; sequence < 2 ** rule.minutes; sequence++) {
      const breached = (minute: number) => minute >= 0 && (sequence >> minute) & 1;
      let fires = false;
      for (let minute = 0; minute < rule.minutes && !fires; minute++) {
        let count = 0;
        for (let back = 0; back < rule.evaluationPeriods; back++)
          count += breached(minute - back) ? 1 : 0;
        fires = count >= rule.datapointsToAlarm;
      }
      if (!fires) continue;
      let p = 1;
      for (let minute = 0; minute < rule.minutes; minute++)
        p *= breached(minute) ? breach : 1 - breach;
      fired += p;
    }
    return fired;
  }
  if (rule.windowMinutes < rule.minutes || rule.evaluationPeriods !== 1)
    throw new Error(
      'rollbackOdds: a window is a minute, or at least the canary with one datapoint',
    );
  // The canary so far: the 500s summed, minute by minute; a sum that breaches stops there (rolled back).
  const most = leastBreaching(rule, answersPerMinute * rule.minutes);
  const minute = poisson(mean, most);
  let sums = [1];
  let fired = 0;
  for (let t = 1; t <= rule.minutes; t++) {
    const least = leastBreaching(rule, answersPerMinute * t);
    const next = new Array<number>(least).fill(0);
    for (const [sum, p] of sums.entries()) {
      if (p === 0) continue;
      let kept = 0;
      for (let k = 0; sum + k < least; k++) {
        next[sum + k] = (next[sum + k] ?? 0) + p * (minute[k] ?? 0);
        kept += minute[k] ?? 0;
      }
      fired += p * (1 - kept);
    }
    sums = next;
  }
  return fired;
}

/** The odds, old rule and new, at 10, 100 and 1,000 tenants: the table docs/operations.md holds. */
export function canaryOddsTable(): string {
  const percent = (p: number) =>
    p > 0 && p < 0.000_01 ? '<0.001%' : `${(100 * p).toFixed(p < 0.001 ? 3 : 2)}%`;
  const cell = (answers: number, share: number) =>
    `${percent(rollbackOdds(PER_MINUTE_RULE, answers, share))} → ${percent(rollbackOdds(CANARY_RULE, answers, share))}`;
  const rows = [10, 100, 1_000].map((tenants) => {
    const answers = canaryAnswersPerMinute(tenants);
    return `| ${tenants.toLocaleString('en')} (${answers.toLocaleString('en', { maximumFractionDigits: 1 })} a minute) | ${cell(answers, 0.001)} | ${cell(answers, 0.002)} | ${cell(answers, 0.02)} | ${cell(answers, 0.05)} |`;
  });
  return [
    '| tenants (the canary’s answers) | healthy, 0.1% 500s: rolled back | 0.2% 500s: rolled back | 2% 500s: caught | 5% 500s: caught |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${canaryOddsTable()}\n`);
