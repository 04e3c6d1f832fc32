import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../scripts/local/dynamodb-local.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

/** One DynamoDB Local process for the whole integration run; each test file makes its own table. */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const local = await startDynamoDbLocal();
  console.log(
    `DynamoDB Local (pid ${local.process.pid}) answering on ${local.endpoint} after ${Date.now() - started} ms`,
  );
  // If the runner is killed, do not leave the Java process behind.
  const killOnExit = () => local.process.kill('SIGKILL');
  process.once('exit', killOnExit);
  project.provide('dynamodbEndpoint', local.endpoint);
  return async () => {
    process.off('exit', killOnExit);
    await local.stop();
    console.log(`DynamoDB Local (pid ${local.process.pid}) stopped`);
  };
}
