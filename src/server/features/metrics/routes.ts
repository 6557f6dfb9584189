import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '#server/adapters/job-queue/job-queue.ts';
import type { Db } from '#server/db/client.ts';
import type { AppMetrics } from '#server/http/metrics.ts';
import { registerJobQueueGauge } from './job-queue-gauge.ts';
import { registerOutboxGauge } from './outbox-gauge.ts';

/**
 * GET /api/metrics, Prometheus' text format, for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer <token>`). Without METRICS_TOKEN the route answers exactly as an unknown
 * path does (404): there is nothing to scrape. With it, a missing or wrong token gets 401 and
 * `WWW-Authenticate: Bearer` (the standard answer, which tells whoever sets up Prometheus what is
 * wrong; the route's existence is no secret, the code is public). A session, even the shop's, does
 * not open it.
 */
export function metricsRoutes(
  app: FastifyInstance,
  {
    db,
    metrics,
    token,
    jobs,
  }: { db: Db; metrics: AppMetrics | null; token: string | null; jobs: JobQueue | null },
): void {
  if (!metrics || !token) {
    app.get('/api/metrics', async (request, reply) =>
      reply.code(404).send({ message: `Not found: GET ${request.url.split('?')[0]}` }),
    );
    return;
  }
  registerOutboxGauge(metrics.registry, db, app.log);
  // Where this process runs the job queue (every server; not most tests).
  if (jobs) registerJobQueueGauge(metrics.registry, jobs, app.log);
  const expected = digest(token);
  app.get('/api/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'The metrics need the bearer token METRICS_TOKEN.' });
    }
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Compared as SHA-256 digests with timingSafeEqual: equal lengths, and no timing hint about the token. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}
