import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import type {
  HandlerExecutionContext,
  InitializeHandler,
  InitializeHandlerArguments,
  MetadataBearer,
  MiddlewareStack,
} from '@smithy/types';

/**
 * X-Ray subsegments for what a function calls (DynamoDB, SQS, KMS, Secrets Manager, a webhook's
 * endpoint), sent to the Lambda X-Ray daemon as the X-Ray SDK sends them: one UDP datagram per call,
 * with the invocation's trace id and parent from `_X_AMZN_TRACE_ID` (Lambda sets it per invocation;
 * nothing is sent unless the trace is sampled). Powertools Tracer does this through aws-xray-sdk-core,
 * which adds 127 KB to every bundle and would take the largest past the 400 KB budget
 * (docs/benchmarks.md); this is the part of it the service needs.
 */
const HEADER = '{"format":"json","version":1}\n';

interface TraceContext {
  traceId: string;
  parentId: string;
}

/** The invocation's trace, when it is sampled: `Root=1-…;Parent=…;Sampled=1`. */
export function sampledTrace(header = process.env._X_AMZN_TRACE_ID): TraceContext | undefined {
  if (!header) return undefined;
  const fields = Object.fromEntries(
    header.split(';').map((part) => part.split('=') as [string, string]),
  );
  return fields.Root && fields.Parent && fields.Sampled === '1'
    ? { traceId: fields.Root, parentId: fields.Parent }
    : undefined;
}

let socket: Socket | undefined;

function send(document: object): void {
  const [host = '127.0.0.1', port = '2000'] = (
    process.env.AWS_XRAY_DAEMON_ADDRESS ?? '127.0.0.1:2000'
  ).split(':');
  socket ??= createSocket('udp4').unref();
  // Fire and forget, as the X-Ray SDK does: a lost datagram loses a subsegment, never a request.
  socket.send(HEADER + JSON.stringify(document), Number(port), host, () => undefined);
}

/** What a subsegment records of a call besides its name and times. */
export interface CallRecord {
  namespace: 'aws' | 'remote';
  aws?: Record<string, unknown>;
  http?: { request?: { method: string; url: string }; response?: { status?: number } };
  /** a 4xx (error) or a 5xx or no answer (fault) */
  outcome?: 'error' | 'fault';
}

/** One call of an invocation, as its call log keeps it: when it started (ms into the invocation), how long it took. */
export interface LoggedCall {
  name: string;
  operation?: string;
  startMs: number;
  ms: number;
  outcome?: 'error' | 'fault';
}

/**
 * The calls of each invocation that keeps a call log (withCallLog), so that a slow or failed answer can
 * say where its time went in its log line: the trace of the requests worth tracing, at the price of a
 * log line for those alone (an API function is not sampled by X-Ray: infra/api-function.ts says why).
 */
const callLogs = new AsyncLocalStorage<{
  startedAt: number;
  calls: LoggedCall[];
  waitedMs: number;
}>();

/** Runs `invocation` with a call log of its own (invocations running at once, locally, keep theirs apart). */
export function withCallLog<T>(invocation: () => Promise<T>): Promise<T> {
  return callLogs.run({ startedAt: Date.now(), calls: [], waitedMs: 0 }, invocation);
}

/**
 * The invocation's call log so far: its age, its calls, and how much of its age it spent waiting on
 * purpose (a long-poll: `waiting`), which is no slowness (undefined outside withCallLog).
 */
export function callLog():
  { elapsedMs: number; waitedMs: number; calls: LoggedCall[] } | undefined {
  const log = callLogs.getStore();
  return log && { elapsedMs: Date.now() - log.startedAt, waitedMs: log.waitedMs, calls: log.calls };
}

/**
 * Runs `hold`, a request held open on purpose (a long-poll waiting for something to answer), and
 * counts its time as waited in the call log, looks included: an idle long-poll is no slow answer.
 */
export async function heldOpen<T>(hold: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await hold();
  } finally {
    const log = callLogs.getStore();
    if (log) log.waitedMs += Date.now() - started;
  }
}

/**
 * Times `call` as a subsegment named `name` of the current trace (when sampled), and in the
 * invocation's call log (when it keeps one); returns its result.
 */
export async function traced<T>(
  name: string,
  call: () => Promise<T>,
  describe: (result: T | undefined, error: unknown) => CallRecord,
): Promise<T> {
  const trace = sampledTrace();
  const log = callLogs.getStore();
  if (!trace && !log) return call();
  const start = Date.now() / 1000;
  let result: T | undefined;
  let failure: unknown;
  try {
    result = await call();
    return result;
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    const record = describe(result, failure);
    log?.calls.push({
      name,
      ...(typeof record.aws?.operation === 'string' ? { operation: record.aws.operation } : {}),
      startMs: Math.round(start * 1000 - log.startedAt),
      ms: Math.round(Date.now() - start * 1000),
      ...(record.outcome ? { outcome: record.outcome } : {}),
    });
    if (trace)
      send({
        type: 'subsegment',
        name,
        id: randomBytes(8).toString('hex'),
        trace_id: trace.traceId,
        parent_id: trace.parentId,
        start_time: start,
        end_time: Date.now() / 1000,
        namespace: record.namespace,
        ...(record.aws ? { aws: record.aws } : {}),
        ...(record.http ? { http: record.http } : {}),
        ...(record.outcome === 'error'
          ? { error: true }
          : record.outcome === 'fault'
            ? { fault: true }
            : {}),
      });
  }
}

/** Every call of an AWS SDK v3 client becomes a subsegment (service, operation, request id, outcome). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any client's inputs and outputs
export function traceAwsCalls<C extends { middlewareStack: MiddlewareStack<any, any> }>(
  client: C,
): C {
  client.middlewareStack.add(
    (next: InitializeHandler<object, MetadataBearer>, context: HandlerExecutionContext) =>
      (args: InitializeHandlerArguments<object>) => {
        const service = (context.clientName ?? 'AWS').replace(/Client$/, '');
        const input = args.input as Record<string, unknown>;
        return traced(
          service,
          () => next(args),
          (output, error) => {
            const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)
              ?.$metadata?.httpStatusCode;
            const metadata = output?.output.$metadata;
            return {
              namespace: 'aws',
              aws: {
                operation: (context.commandName ?? '').replace(/Command$/, ''),
                ...(metadata?.requestId ? { request_id: metadata.requestId } : {}),
                ...(typeof input.TableName === 'string' ? { table_name: input.TableName } : {}),
                ...(typeof input.QueueUrl === 'string' ? { queue_url: input.QueueUrl } : {}),
              },
              ...(error
                ? { outcome: status !== undefined && status < 500 ? 'error' : 'fault' }
                : {}),
            };
          },
        );
      },
    { step: 'initialize', name: 'xraySubsegment' },
  );
  return client;
}
