import { runningFunction } from './iam.js';

/**
 * The functions' log lines as the local stack shows them. In Lambda each function has its own process
 * and logger; here they share one, so a line would carry whichever function set the logger's context
 * last: every line is given the function whose handler wrote it. `readable` turns each JSON line into
 * one short line (time, level, function, message, its own keys); `quiet()` holds back INFO and DEBUG
 * while it runs (the demo seed), so what a developer needs stands out.
 */
export function localLogs(
  streams: NodeJS.WriteStream | NodeJS.WriteStream[],
  options: { readable: boolean },
) {
  let quietDepth = 0;
  const LAMBDA_KEYS = new Set([
    'level',
    'message',
    'timestamp',
    'service',
    'cold_start',
    'function_arn',
    'function_memory_size',
    'function_name',
    'function_request_id',
    'sampling_rate',
    'xray_trace_id',
  ]);

  /** A metric (CloudWatch's embedded metric format) as one line: its values and dimensions. */
  const metricLine = (line: string): string => {
    try {
      const { _aws: meta, ...fields } = JSON.parse(line) as {
        _aws: { Timestamp: number; CloudWatchMetrics: { Metrics: { Name: string }[] }[] };
      } & Record<string, unknown>;
      const names = new Set(
        meta.CloudWatchMetrics.flatMap((group) => group.Metrics.map((metric) => metric.Name)),
      );
      const values = [...names].map((name) => `${name}=${fields[name]}`).join(' ');
      const dimensions = Object.fromEntries(
        Object.entries(fields).filter(([key]) => !names.has(key) && key !== 'service'),
      );
      return `${new Date(meta.Timestamp).toISOString().slice(11, 19)} METRIC ${String(runningFunction() ?? '-').padEnd(22)} ${values} ${JSON.stringify(dimensions)}`;
    } catch {
      return line;
    }
  };

  const rewrite = (line: string): string | undefined => {
    if (options.readable && line.startsWith('{"_aws"'))
      return quietDepth > 0 ? undefined : metricLine(line);
    if (!line.startsWith('{"level"')) return line;
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line);
    } catch {
      return line;
    }
    const name = runningFunction();
    if (name) {
      entry.function_name = name;
      entry.function_arn = `arn:aws:lambda:us-east-1:123456789012:function:${name}`;
    }
    if (quietDepth > 0 && (entry.level === 'INFO' || entry.level === 'DEBUG')) return undefined;
    if (!options.readable) return JSON.stringify(entry);
    const own = Object.fromEntries(Object.entries(entry).filter(([key]) => !LAMBDA_KEYS.has(key)));
    // An error as one line: its name, message and where it was thrown (LOG_FORMAT=json keeps its stack).
    for (const [key, value] of Object.entries(own))
      if (value && typeof value === 'object' && 'stack' in value) {
        const { name, message, location } = value as Record<string, unknown>;
        own[key] = `${String(name)}: ${String(message)}${location ? ` (${String(location)})` : ''}`;
      }
    const time = typeof entry.timestamp === 'string' ? entry.timestamp.slice(11, 19) : '';
    return `${time} ${String(entry.level).padEnd(5)} ${String(entry.function_name ?? '-').padEnd(22)} ${entry.message}${Object.keys(own).length ? ` ${JSON.stringify(own)}` : ''}`;
  };

  // Powertools writes WARN and ERROR lines to stderr, the others to stdout: each stream given is
  // rewritten alike, and held back alike while quiet.
  for (const stream of [streams].flat()) {
    const write = stream.write.bind(stream) as (text: string) => boolean;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const lines = text.split('\n');
      const out = lines
        .map((line, i) => (i === lines.length - 1 && line === '' ? '' : rewrite(line)))
        .filter((line) => line !== undefined);
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      if (out.length === 0 || (out.length === 1 && out[0] === '')) {
        callback?.();
        return true;
      }
      return write(out.join('\n'));
    }) as typeof stream.write;
  }

  return {
    /** Runs `work` with INFO and DEBUG lines held back. */
    async quiet<T>(work: () => Promise<T>): Promise<T> {
      quietDepth += 1;
      try {
        return await work();
      } finally {
        quietDepth -= 1;
      }
    },
  };
}

/**
 * For a command whose stdout is its result (the admin CLI, invoke): everything else written to stdout
 * (the functions' log lines, each naming its function) goes to stderr. Returns the writer of the result.
 */
export function stdoutForResultOnly(): (result: unknown) => void {
  const write = process.stdout.write.bind(process.stdout);
  localLogs(process.stderr, { readable: false });
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  return (result) => write(`${JSON.stringify(result ?? null, null, 2)}\n`);
}
