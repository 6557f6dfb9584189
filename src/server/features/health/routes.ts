import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { type Db, pingDatabase } from '#server/db/client.ts';
import { migrationsApplied } from '#server/db/migration-status.ts';

/** A check that has not answered by then counts as failed: a probe must not hang with its target. */
export const READINESS_CHECK_TIMEOUT_MS = 3000;

type CheckName = 'database' | 'migrations' | 'objectStore';

const FAILURE_MESSAGES: Record<CheckName, string> = {
  database: 'the database is not answering',
  migrations: "the database's migrations are not all applied",
  objectStore: 'the photo store is not reachable',
};

export function healthRoutes(app: FastifyInstance, { db, store }: { db: Db; store: ObjectStore }): void {
  app.get('/api/health', async (_request, reply) => {
    if (await pingDatabase(db)) return { status: 'ok' };
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
    const checks: Record<CheckName, () => Promise<unknown>> = {
      database: async () => {
        if (!(await pingDatabase(db))) throw new Error('select 1 failed');
      },
      migrations: async () => {
        if (!(await migrationsApplied(db))) throw new Error('pending migrations');
      },
      objectStore: () => store.ping(),
    };
    const names = Object.keys(checks) as CheckName[];
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name]())));
    const reasons: Partial<Record<CheckName, string>> = {};
    names.forEach((name, i) => {
      const outcome = outcomes[i];
      if (outcome?.status === 'rejected') reasons[name] = reasonOf(outcome.reason);
    });
    const failed = names.filter((name) => name in reasons);
    if (failed.length === 0) return { status: 'ready' };
    request.log.warn({ failed: reasons }, 'not ready');
    return reply.code(503).send({
      status: 'unavailable',
      message: `Not ready: ${failed.map((name) => FAILURE_MESSAGES[name]).join('; ')}.`,
      failed,
      checks: Object.fromEntries(names.map((name) => [name, failed.includes(name) ? 'failed' : 'ok'])),
    });
  });
}

function withTimeout<T>(check: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READINESS_CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

function reasonOf(reason: unknown): string {
  // The message only: a database error's parameters or an SDK's request never reach the log.
  return (reason instanceof Error ? reason.message : String(reason)).slice(0, 200);
}
