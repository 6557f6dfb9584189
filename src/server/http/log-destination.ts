import pino from 'pino';

/**
 * Where the server's log lines go when no test hands its own stream: standard output, written
 * asynchronously. A synchronous write (pino's default) is one write system call per request line,
 * about 5 % of the CPU a trivial request costs; written asynchronously, the lines that arrive while
 * one write is under way go out together in the next. Nothing waits, so nothing is delayed under
 * light load. pino writes what is still buffered when the process exits (a graceful stop, an
 * uncaught error); only a hard kill (SIGKILL, the machine going down) can lose the last lines.
 */
export function standardOutputLog(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}
