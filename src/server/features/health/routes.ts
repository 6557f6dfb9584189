import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Db } from '#server/db/client.ts';
import { databaseAnswers, failedReadinessChecks, READINESS_CHECKS, type ReadinessCheck } from './service.ts';

const FAILURE_MESSAGES: Record<ReadinessCheck, string> = {
  database: 'the database is not answering',
  migrations: "the database's migrations are not all applied",
  objectStore: 'the photo store is not reachable',
};

export function healthRoutes(app: FastifyInstance, { db, store }: { db: Db; store: ObjectStore }): void {
  app.get('/api/health', async (_request, reply) => {
    if (await databaseAnswers(db)) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable', message: 'The database is not answering.' });
  });
  /** The process answers at all (no database work): for liveness probes and as the load benchmark's baseline. */
  app.get('/api/health/live', async () => ({ status: 'ok' }));

  /**
   * Ready to serve: the database answers, it has every migration this version ships, and the photo
   * store is reachable. For load balancers and orchestrators; 503 names the checks that failed (the
   * reasons go to the log, not to the caller).
   */
  app.get('/api/health/ready', async (request, reply) => {
    const reasons = await failedReadinessChecks(db, store);
    const failed = READINESS_CHECKS.filter((name) => name in reasons);
    if (failed.length === 0) return { status: 'ready' };
    request.log.warn({ failed: reasons }, 'not ready');
    return reply.code(503).send({
      status: 'unavailable',
      message: `Not ready: ${failed.map((name) => FAILURE_MESSAGES[name]).join('; ')}.`,
      failed,
      checks: Object.fromEntries(
        READINESS_CHECKS.map((name) => [name, failed.includes(name) ? 'failed' : 'ok']),
      ),
    });
  });
}
