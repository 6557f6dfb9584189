import type { FastifyInstance } from 'fastify';
import { type AppMetrics, UNMATCHED_ROUTE } from './metrics.ts';

/**
 * One hook for every answered request, kept cheap (the unchanged-list poll runs at thousands of
 * requests a second): one `info` line, and one histogram observation when metrics are on.
 *
 * The line names the matched route pattern (`/api/estimates/:id`), never the raw URL (paths and
 * query strings can hold e-mail addresses and tokens), with the status, the time taken and the user's
 * id; never cookies, e-mail addresses or bodies. Fastify adds the request id (`reqId`), the one a
 * failed request's answer shows the user as its reference. Fastify's own request log (two lines per
 * request, with the URL) stays off.
 */
export function registerRequestLogging(app: FastifyInstance, metrics: AppMetrics | null): void {
  const durations = metrics?.requestDuration ?? null;
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const ms = reply.elapsedTime;
    durations?.observe({ method: request.method, route, status_code: statusCode }, ms / 1000);
    request.log.info(
      { method: request.method, route, statusCode, ms: Math.round(ms), userId: request.userId },
      'request completed',
    );
    done();
  });
}
