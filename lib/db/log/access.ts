/** The table actions a sequencer of the log sends (lib/db/log/sequencer.ts): every reader of the log is one. */
export const LOG_ACCESS = {
  table: [
    'Query',
    'GetItem',
    'BatchGetItem',
    'PutItem',
    'UpdateItem',
    'DeleteItem',
    'ConditionCheckItem',
  ],
} as const;
