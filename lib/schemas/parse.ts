import type * as z from 'zod/mini';
import { InvalidInputError } from '../errors.js';

type Issue = z.core.$ZodIssue;

/**
 * The field an issue names: its path (`title`), or `where` for the whole input (`body`, `query`); in
 * a part of the body parsed on its own (a batch's item), under that part's place (`items[3].title`).
 */
function fieldName(issue: Issue, where: string, place?: string): string {
  const path = issue.path.map(String).join('.');
  if (place === undefined) return path || where;
  return path ? `${place}.${path}` : place;
}

/** A sentence naming the field and the rule it broke (zod/mini ships no English messages). */
export function describeIssue(issue: Issue, where: string, input: unknown, place?: string): string {
  const field = fieldName(issue, where, place);
  switch (issue.code) {
    case 'invalid_type': {
      let value: unknown = input;
      for (const key of issue.path)
        value = (value as Record<PropertyKey, unknown> | undefined)?.[key as PropertyKey];
      return value === undefined
        ? `${field}: is required`
        : `${field}: must be ${issue.expected === 'array' ? 'an array' : `a ${issue.expected}`}`;
    }
    case 'too_small':
      return issue.origin === 'string'
        ? `${field}: must be at least ${issue.minimum} character${Number(issue.minimum) === 1 ? '' : 's'}`
        : issue.origin === 'array'
          ? `${field}: must have at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`
          : `${field}: must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${field}: must be at most ${issue.maximum} characters`
        : issue.origin === 'array'
          ? `${field}: must have at most ${issue.maximum} items`
          : `${field}: must be at most ${issue.maximum}`;
    case 'unrecognized_keys':
      return `Unknown ${where === 'query' ? 'query parameter' : 'field'}${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((key) => `"${key}"`).join(', ')}: not accepted by this endpoint`;
    case 'invalid_value':
      return `${field}: must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `${field}: must be ${issue.format === 'datetime' ? 'an ISO 8601 date-time' : `a valid ${issue.format}`}${issue.format === 'regex' && issue.message ? '' : ''}`;
    default:
      return `${field}: ${issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid'}`;
  }
}

/**
 * Parses with a schema or throws a 400 whose message names each field and rule. `place`: the input is
 * a part of the body, there (`items[3]`), and its fields are named under it.
 */
export function parseOrThrow<T>(
  schema: z.ZodMiniType<T>,
  input: unknown,
  where: string,
  place?: string,
): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => {
    // Custom refinements and regex checks carry our own wording in `message`.
    if (
      (issue.code === 'custom' || (issue.code === 'invalid_format' && issue.format === 'regex')) &&
      issue.message
    ) {
      return `${fieldName(issue, where, place)}: ${issue.message}`;
    }
    return describeIssue(issue, where, input, place);
  });
  throw new InvalidInputError(
    messages.join('; '),
    result.error.issues.map((issue, i) => ({
      field: fieldName(issue, where, place),
      rule: issue.code,
      message: messages[i] ?? issue.code,
    })),
  );
}
