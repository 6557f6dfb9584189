import pino from 'pino';

/**
 * Lines are gathered up to this many bytes (some 80 request lines) and written in one go: at 4 KB the
 * writes still took about 4 % of a busy server's CPU (decision 076).
 */
export const BATCH_BYTES = 16 * 1024;
/** The longest a line waits in the batch when few requests come in. */
const FLUSH_EVERY_MS = 200;

export interface BatchedLog {
  write(line: string): void;
  /** Writes whatever is gathered, now. */
  flush(): void;
}

let standardOutput: BatchedLog | null = null;

/**
 * Where the server's log lines go when no test hands its own stream: standard output, one stream per
 * process (every app a process builds shares it), gathered in batches (decision 076).
 */
export function standardOutputLog(): BatchedLog {
  standardOutput ??= batchedLog(1);
  return standardOutput;
}

/**
 * Log lines for the file descriptor `fd`, gathered and written synchronously in batches of 16 KB, and
 * whatever is gathered at least every 200 ms and when the process exits (a graceful stop, an uncaught
 * error, process.exit): a line is at most 200 ms late, and only a hard kill can lose the last 200 ms.
 * Written line by line, the log cost one system call per request, about 5 % of a trivial request's
 * CPU; asynchronous writes cost more still on two busy cores (each is handed to a thread).
 *
 * The batching is ours, not sonic-boom's `minLength`: flushing sonic-boom (`flushSync`) also calls
 * fsync, which held the event loop on a disk write five times a second when standard output is a
 * file, and is no use on a pipe or a terminal. sonic-boom still does each write (and retries EAGAIN).
 */
export function batchedLog(fd: number): BatchedLog {
  const stream = pino.destination({ dest: fd, sync: true });
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const batch = pending;
    pending = '';
    try {
      stream.write(batch);
    } catch {
      // The descriptor is closed or busy past sonic-boom's retries: these lines are lost, not the server.
    }
  };
  setInterval(flush, FLUSH_EVERY_MS).unref();
  process.on('exit', flush);
  return {
    write(line) {
      pending += line;
      if (pending.length >= BATCH_BYTES) flush();
    },
    flush,
  };
}
