/**
 * What applying a product event sends to the table (lib/composition/product-events/apply.ts): reads of the stored
 * versions, the writes with their copies and counts, deletions of a JD's body and deleted
 * applications, and the JD head checks that guard an application's copy. Every function that applies
 * product events holds these: the consumer, the test routes, and key creation (a first test key's
 * sample data). Their grants are typed where they are declared (TableAccess).
 */
export const PRODUCT_EVENT_ACTIONS = [
  'GetItem',
  'BatchGetItem',
  'Query',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'ConditionCheckItem',
] as const;
