import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

const LEVEL_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Fastify's `childLoggerFactory`: each request's `request.log` is pino's child logger with the
 * request's id (`reqId`), made the first time the request logs something. Most requests log nothing
 * through it (their one line is request-logging.ts's), and making pino's child on every request cost
 * a trivial request more than its routing did (decision 076).
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}

class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;

  static {
    // On the prototype, not per instance: a request that never logs pays for no functions.
    for (const level of LEVEL_METHODS) {
      RequestLogger.prototype[level] = function (this: RequestLogger, ...args: unknown[]) {
        (this.#logger()[level] as (...values: unknown[]) => void)(...args);
      } as LogFn;
    }
  }

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}
