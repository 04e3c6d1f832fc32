import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../scripts/local/dynamodb-local.js';
import { stackTemplate } from '../../scripts/local/stack-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
    /** the synthesized stack's template, whose policies every handler is held to */
    stackTemplatePath: string;
  }
}

/**
 * One DynamoDB Local process for the whole integration run (each test file makes its own table), and
 * the stack's template for the local IAM check, synthesized once per run (cached across runs).
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const [local, template] = await Promise.all([startDynamoDbLocal(), stackTemplate()]);
  console.log(
    `DynamoDB Local (pid ${local.process.pid}) answering on ${local.endpoint}; stack template ${template.synthesized ? 'synthesized' : 'from cache'}; after ${Date.now() - started} ms`,
  );
  // If the runner is killed, do not leave the Java process behind.
  const killOnExit = () => local.process.kill('SIGKILL');
  process.once('exit', killOnExit);
  project.provide('dynamodbEndpoint', local.endpoint);
  project.provide('stackTemplatePath', template.path);
  return async () => {
    process.off('exit', killOnExit);
    await local.stop();
    console.log(`DynamoDB Local (pid ${local.process.pid}) stopped`);
  };
}
