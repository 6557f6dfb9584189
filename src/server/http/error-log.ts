/**
 * How errors are written to the log (the logger's `err` serializer). A failed database query's error
 * (drizzle's DrizzleQueryError) says `Failed query: … params: …`, and the parameters are people's data:
 * e-mail addresses, names, password hashes. Such an error is logged as "Database query failed" with the
 * database's own message and code (e.g. 23505, a duplicate key) and the stack frames only; the
 * database error's `detail` (`Key (email)=(…) already exists`) is left out too. Other errors keep
 * their type, message, code and stack, and their causes are written the same way.
 */
export function errorForLog(error: Error): LoggedError {
  return loggable(error, 0) as LoggedError;
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function loggable(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return error;
  if (isQueryError(error)) {
    const cause = error.cause instanceof Error ? error.cause : null;
    return {
      type: 'DrizzleQueryError',
      message: `Database query failed${cause ? `: ${cause.message}` : ''}`,
      ...(cause ? { code: codeOf(cause) } : {}),
      stack: stackFrames(error.stack) ?? '',
    };
  }
  const logged: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack };
  const code = codeOf(error);
  if (code !== undefined) logged.code = code;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === 'number') logged.statusCode = statusCode;
  if (error.cause !== undefined && depth < 4) logged.cause = loggable(error.cause, depth + 1);
  return logged;
}

function isQueryError(error: Error): error is Error & { query: unknown; params: unknown } {
  return 'params' in error && 'query' in error;
}

function codeOf(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The `    at …` lines alone: the first lines of a stack repeat the message. */
function stackFrames(stack: string | undefined): string | undefined {
  return stack
    ?.split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}
