import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { localLogs } from '../../scripts/local/local-logs.js';

/** A stream that keeps what is written to it, as a terminal would show it. */
function terminal(): { stream: NodeJS.WriteStream; shown: () => string } {
  let shown = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      shown += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream;
  return { stream, shown: () => shown };
}

const line = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ level: 'INFO', message: 'm', timestamp: '2026-01-01T10:11:12.000Z', service: 'hiring-api', ...fields })}\n`;

describe('the local stack’s log lines (npm start)', () => {
  it('are one readable line each on both streams: the WARN and ERROR lines Powertools writes to stderr too, an error by its name, message and place, without its stack', () => {
    const [stdout, stderr] = [terminal(), terminal()];
    localLogs([stdout.stream, stderr.stream], { readable: true });
    const error = new Error('The item failed');

    stdout.stream.write(line({ message: 'Request answered', status: 200 }));
    stderr.stream.write(
      line({
        level: 'ERROR',
        message: 'Batch item failed',
        error: {
          name: error.name,
          location: 'lib/x.ts:3',
          message: error.message,
          stack: error.stack,
        },
      }),
    );
    stderr.stream.write(line({ level: 'WARN', message: 'Product event rejected', reason: 'r' }));

    expect(stdout.shown()).toBe(
      '10:11:12 INFO  -                      Request answered {"status":200}\n',
    );
    expect(stderr.shown().split('\n')).toEqual([
      '10:11:12 ERROR -                      Batch item failed {"error":"Error: The item failed (lib/x.ts:3)"}',
      '10:11:12 WARN  -                      Product event rejected {"reason":"r"}',
      '',
    ]);
  });

  it('keep Lambda’s JSON, the stack included, with LOG_FORMAT=json', () => {
    const stderr = terminal();
    localLogs([stderr.stream], { readable: false });

    stderr.stream.write(
      line({ level: 'ERROR', error: { name: 'Error', message: 'x', stack: 'Error: x\n    at f' } }),
    );

    expect(JSON.parse(stderr.shown())).toMatchObject({
      level: 'ERROR',
      error: { stack: 'Error: x\n    at f' },
    });
  });

  it('hold back INFO and DEBUG on both streams while quiet, never a WARN or an ERROR', async () => {
    const [stdout, stderr] = [terminal(), terminal()];
    const logs = localLogs([stdout.stream, stderr.stream], { readable: true });

    await logs.quiet(async () => {
      stdout.stream.write(line({ message: 'seeded' }));
      stderr.stream.write(line({ level: 'WARN', message: 'slow' }));
    });

    expect(stdout.shown()).toBe('');
    expect(stderr.shown()).toContain('WARN  -                      slow');
  });
});
