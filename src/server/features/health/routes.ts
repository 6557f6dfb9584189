import type { FastifyInstance } from 'fastify';
import { type Db, pingDatabase } from '#server/db/client.ts';

export function healthRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get('/api/health', async (_request, reply) => {
    if (await pingDatabase(db)) return { status: 'ok' };
    return reply.code(503).send({ status: 'unavailable', message: 'The database is not answering.' });
  });
  /** The process answers at all (no database work): for liveness probes and as the load benchmark's baseline. */
  app.get('/api/health/live', async () => ({ status: 'ok' }));
}
