import type { FastifyInstance } from 'fastify';

const EVERY_MS = 60 * 60 * 1000;
/** Not at start: a restart loop must not turn into a loop of clean-ups. */
const FIRST_RUN_MS = 5 * 60 * 1000;

/**
 * Runs a clean-up hourly while the app is up, logging what it did. Every process may run it: each
 * task deletes only what is already due, so running it twice is harmless.
 */
export function scheduleHourly(app: FastifyInstance, what: string, task: () => Promise<number>): void {
  const run = async () => {
    try {
      const count = await task();
      if (count > 0) app.log.info({ count }, `deleted ${what}`);
    } catch (error) {
      app.log.warn({ err: error }, `deleting ${what} failed`);
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
