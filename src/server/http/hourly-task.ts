import type { FastifyInstance } from 'fastify';

const EVERY_MS = 60 * 60 * 1000;
/** Not at start: a restart loop must not turn into a loop of clean-ups. */
const FIRST_RUN_MS = 5 * 60 * 1000;

/**
 * Runs a task hourly while the app is up, logging what it did ('deleted expired status links',
 * 'queued drop-off reminders'). Every process may run it: each task does only what is due and not
 * yet done, so running it twice (or in two servers) is harmless, and a restart loses nothing.
 */
export function scheduleHourly(
  app: FastifyInstance,
  what: string,
  task: () => Promise<number>,
  done: 'deleted' | 'queued' = 'deleted',
): void {
  const run = async () => {
    try {
      const count = await task();
      if (count > 0) app.log.info({ count }, `${done} ${what}`);
    } catch (error) {
      app.log.warn({ err: error }, `hourly task failed: ${done} ${what}`);
    }
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    interval = setInterval(() => void run(), EVERY_MS);
    interval.unref();
  }, FIRST_RUN_MS);
  first.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(interval);
  });
}
