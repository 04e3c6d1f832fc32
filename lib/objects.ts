/**
 * `source`'s values of `fields`, those that are defined: an optional field left out stays out of the
 * result, rather than becoming `undefined` (which a strict schema and DynamoDB's marshaller refuse).
 */
export function definedFields<T extends object, K extends keyof T>(
  source: T,
  fields: readonly K[],
): Partial<Pick<T, K>> {
  const result: Partial<Pick<T, K>> = {};
  for (const field of fields) if (source[field] !== undefined) result[field] = source[field];
  return result;
}

/**
 * `table`'s own entry for `key`, or undefined. A name from outside (a tool's, a query parameter's, an
 * event's type) must never find what every object inherits: `'toString' in table` is true, and
 * `table.constructor` is a function.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
