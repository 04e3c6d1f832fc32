import { readFile } from 'node:fs/promises';
import { decodeTime, encodeTime } from 'ulid';

/**
 * The event fixtures in events/ are recorded as of one instant, FIXTURES_RECORDED_AT. A function given
 * a fixture as it is written would compare those times with its own clock (an event older than the
 * webhook endpoint it is dispatched to, a replay `since` in the future, a quota reset long past), so
 * its result would depend on the day it runs. Fixtures are therefore loaded moved in time: every
 * instant in them keeps its distance from FIXTURES_RECORDED_AT, counted from `now` instead.
 */
export const FIXTURES_RECORDED_AT = Date.parse('2026-11-24T09:30:00.000Z');

/** Fields that hold epoch milliseconds (as numbers, or as strings in SQS attributes). */
const EPOCH_MS_FIELDS = new Set([
  'timeEpoch',
  // a WebSocket API's event
  'requestTimeEpoch',
  'connectedAt',
  'quotaResetAt',
  'SentTimestamp',
  'ApproximateFirstReceiveTimestamp',
]);
/** Fields that hold epoch seconds (a DynamoDB stream's record time, an item's TTL as a number or {N}). */
const EPOCH_SECONDS_FIELDS = new Set(['ApproximateCreationDateTime', 'ttl']);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** The HTTP date API Gateway writes in requestContext.time. */
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
/** An event id (`evt_` and a ULID, whose first ten characters are its time), wherever it appears in a string. */
const EVENT_ID = /\bevt_([0-9A-HJKMNP-TV-Z]{26})\b/g;

function shiftEpoch(value: unknown, shiftMs: number, unitMs: number): unknown {
  if (typeof value === 'number') return value + shiftMs / unitMs;
  if (typeof value === 'string' && /^\d+$/.test(value))
    return String(Number(value) + shiftMs / unitMs);
  if (value && typeof value === 'object' && 'N' in value)
    return { ...value, N: shiftEpoch((value as { N: unknown }).N, shiftMs, unitMs) };
  return value;
}

function shiftString(text: string, shiftMs: number): string {
  if (ISO_INSTANT.test(text)) return new Date(Date.parse(text) + shiftMs).toISOString();
  if (HTTP_DATE.test(text)) return new Date(Date.parse(text) + shiftMs).toUTCString();
  // A JSON document inside a string (an SQS body, an API request body) is moved as a whole.
  if (/^\s*[[{]/.test(text)) {
    try {
      return JSON.stringify(shiftTimes(JSON.parse(text), shiftMs));
    } catch {
      // not JSON after all: moved as text
    }
  }
  return text.replace(
    EVENT_ID,
    (_match, ulid: string) => `evt_${encodeTime(decodeTime(ulid) + shiftMs, 10)}${ulid.slice(10)}`,
  );
}

/** `value` with every instant in it moved by `shiftMs`. */
export function shiftTimes(value: unknown, shiftMs: number): unknown {
  if (typeof value === 'string') return shiftString(value, shiftMs);
  if (Array.isArray(value)) return value.map((inner) => shiftTimes(inner, shiftMs));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        if (EPOCH_MS_FIELDS.has(key)) return [key, shiftEpoch(inner, shiftMs, 1)];
        if (EPOCH_SECONDS_FIELDS.has(key)) return [key, shiftEpoch(inner, shiftMs, 1000)];
        return [key, shiftTimes(inner, shiftMs)];
      }),
    );
  }
  return value;
}

/** A fixture as recorded, moved so that its recording instant is `now`. */
export function fixtureAsOf<T>(recorded: T, now = new Date()): T {
  return shiftTimes(recorded, now.getTime() - FIXTURES_RECORDED_AT) as T;
}

/** Reads an event fixture (JSON) and moves it to `now`. */
export async function loadFixture(path: string, now = new Date()): Promise<unknown> {
  return fixtureAsOf(JSON.parse(await readFile(path, 'utf8')), now);
}
