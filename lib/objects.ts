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
