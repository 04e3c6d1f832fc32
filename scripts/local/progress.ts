/**
 * Progress of a long command on stderr (stdout is its result): a bar redrawn in place on a terminal,
 * otherwise a line every few seconds. Each shows the count, the rate and the time left.
 */
export function progressOnStderr(
  label: string,
  options: { intervalMs?: number; now?: () => number; stream?: NodeJS.WriteStream } = {},
) {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  const started = now();
  const intervalMs = options.intervalMs ?? (stream.isTTY ? 100 : 5_000);
  let shownAt = started;
  let drawn = false;
  const line = (done: number, total: number) => {
    const seconds = Math.max((now() - started) / 1000, 0.001);
    const rate = done / seconds;
    const left = rate > 0 ? Math.ceil((total - done) / rate) : undefined;
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    const bar = stream.isTTY ? `[${'#'.repeat(Math.floor(percent / 5)).padEnd(20)}] ` : '';
    return `${label}: ${bar}${percent}% ${done.toLocaleString('en')}/${total.toLocaleString('en')}, ${Math.round(rate).toLocaleString('en')}/s, ${left === undefined ? 'time left unknown' : `about ${left} s left`}`;
  };
  return {
    update(done: number, total: number) {
      if (done < total && now() - shownAt < intervalMs) return;
      shownAt = now();
      if (stream.isTTY) {
        stream.write(`\r${line(done, total)}\u001b[K`);
        drawn = true;
        if (done >= total) {
          stream.write('\n');
          drawn = false;
        }
      } else if (done < total) {
        stream.write(`${line(done, total)}\n`);
      }
    },
    /** Ends a bar still drawn (an interrupted run): the next line starts clean. */
    end() {
      if (drawn && stream.isTTY) stream.write('\n');
    },
  };
}
