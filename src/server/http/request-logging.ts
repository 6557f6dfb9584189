import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { routePattern } from './api-route.ts';
import { type AppMetrics, UNMATCHED_ROUTE } from './metrics.ts';

/** Where log lines go: the stream the app's pino logger writes to. */
export interface LogLineStream {
  write(line: string): void;
}

/** pino's number for `info`. */
const INFO = 30;
/** pino's levels by name; `silent` (and any other name) lets nothing through. */
const LEVELS: Readonly<Record<string, number>> = pino.levels.values;

/**
 * One hook for every answered request, kept cheap (the unchanged-list poll runs at thousands of
 * requests a second): one `info` line, and one histogram observation when metrics are on.
 *
 * The line names the matched route pattern (`/api/estimates/:id`), never the raw URL (paths and
 * query strings can hold e-mail addresses and tokens), with the status, the time taken, the user's id
 * and the request id (`reqId`, the one a failed request's answer shows the user as its reference);
 * never cookies, e-mail addresses or bodies. Fastify's own request log (two lines per request, with
 * the URL) stays off.
 *
 * The line is written as pino writes it (same fields, same order: a request's `request.log` lines and
 * this one read alike), but put together here: it has one fixed shape, and pino's general path (a
 * child logger's bindings, each field looked up among the serializers) cost a trivial request more
 * than its routing did (decision 076). It honours the logger's level all the same.
 */
export function registerRequestLogging(
  app: FastifyInstance,
  metrics: AppMetrics | null,
  stream: LogLineStream,
): void {
  const durations = metrics?.requestDuration ?? null;
  // pino's default base, which it puts after the time (its `bindings()` leaves these two out).
  const bindings = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  // Route patterns are few and fixed: each is quoted once.
  const quotedRoutes = new Map<string, string>();
  const quoted = (route: string) => {
    let value = quotedRoutes.get(route);
    if (value === undefined) {
      value = JSON.stringify(route);
      quotedRoutes.set(route, value);
    }
    return value;
  };
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    const route = routePattern(request) || UNMATCHED_ROUTE;
    const ms = reply.elapsedTime;
    durations?.observe(request.method, route, statusCode, ms / 1000);
    if ((LEVELS[request.log.level] ?? Number.POSITIVE_INFINITY) <= INFO) {
      // The id (newRequestId's alphabet), the method (an HTTP token: node's parser accepts no other)
      // and the user id (a UUID) never need escaping; a route pattern is quoted by JSON.stringify.
      const userId = request.userId === null ? 'null' : `"${request.userId}"`;
      stream.write(
        `{"level":${INFO},"time":${Date.now()},${bindings},"reqId":"${request.id}","method":"${request.method}","route":${quoted(route)},"statusCode":${statusCode},"ms":${Math.round(ms)},"userId":${userId},"msg":"request completed"}\n`,
      );
    }
    done();
  });
}
