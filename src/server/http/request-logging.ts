import type { FastifyInstance } from 'fastify';

/**
 * One line per answered request, at a level that depends on the outcome. Fastify's own request log
 * (two info lines per request) costs more than a cheap route does under load: successful requests
 * are logged at debug (LOG_LEVEL=debug brings the full access log back), refusals at info, and
 * failures at error (the error handler has already logged the cause).
 */
export function registerRequestLogging(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    request.log[level](
      { method: request.method, url: request.url, statusCode: status, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
  });
}
