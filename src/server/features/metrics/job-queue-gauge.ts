import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { JobQueue } from '#server/adapters/job-queue/job-queue.ts';

const STATES = ['deferred', 'ready', 'active', 'failed'] as const;

/**
 * shop_job_queue_jobs{queue, state}: the job queue's jobs by kind (outbox, backup, the clean-ups…)
 * and state (deferred: waiting for their time; ready: due, not yet taken; active: running; failed:
 * given up on after every retry, kept a week). Read from the counts the queue's supervision keeps
 * (JOB_QUEUE_SUPERVISE_SECONDS old at most), so a scrape costs one small query. When it fails, the
 * gauge is left out of that scrape and the failure is logged.
 */
export function registerJobQueueGauge(registry: Registry, jobs: JobQueue, log: FastifyBaseLogger): void {
  new Gauge({
    name: 'shop_job_queue_jobs',
    help: 'Job queue jobs by queue and state (deferred: waiting for their time; ready: due; active: running; failed: gave up after every retry).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const counts of await jobs.counts()) {
          for (const state of STATES) this.set({ queue: counts.queue, state }, counts[state]);
        }
      } catch (error) {
        log.warn({ err: error }, 'metrics: could not count the job queue');
      }
    },
  });
}
