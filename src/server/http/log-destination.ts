import pino from 'pino';

/** Lines are gathered up to this many bytes (some 20 request lines) and written in one go. */
const BATCH_BYTES = 4096;
/** The longest a line waits in the batch when few requests come in. */
const FLUSH_EVERY_MS = 200;

let destination: pino.DestinationStream | null = null;

/**
 * Where the server's log lines go when no test hands its own stream: standard output, one stream per
 * process (every app a process builds shares it). Written line by line (pino's default), the log
 * cost one write system call per request, about 5 % of a trivial request's CPU. Asynchronous writes
 * (`sync: false`) cost more still on a busy two-core machine: each one is handed to a thread. So the
 * lines are gathered and written synchronously in batches of 4 KB, and whatever is gathered is written
 * at least every 200 ms and when the process exits (a graceful stop, an uncaught error, process.exit):
 * a line is at most 200 ms late, and only a hard kill (SIGKILL, the machine going down) can lose the
 * last 200 ms of lines (decision 076).
 */
export function standardOutputLog(): pino.DestinationStream {
  if (destination) return destination;
  const stream = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES });
  const flush = () => {
    try {
      stream.flushSync();
    } catch {
      // Standard output closed or busy (EAGAIN): the lines stay gathered for the next flush.
    }
  };
  setInterval(flush, FLUSH_EVERY_MS).unref();
  process.on('exit', flush);
  destination = stream;
  return stream;
}
