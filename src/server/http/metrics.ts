import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { RequestDurations } from './request-durations.ts';

/**
 * When the shop's last backup finished, or null while none has. The backup code registers one with
 * `app.metrics?.setLastBackupSource(…)`; it is asked at every scrape, so it should be cheap (a value
 * kept in memory, one small query, one file's mtime). A source that throws makes that scrape's value
 * NaN (unknown).
 */
export type LastBackupSource = () => Date | null | Promise<Date | null>;

/** The route label of requests no route matched (404s of unknown paths): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const BACKUP_AGE = 'shop_backup_age_seconds';

/**
 * Seconds; from 1 ms (the unchanged-list poll) to 10 s. prom-client's default buckets start at 5 ms,
 * which would put most of this app's answers into the first one.
 */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The app's Prometheus metrics (GET /api/metrics), made only when METRICS_TOKEN is set: without it
 * nothing is collected and requests pay nothing for metrics. One registry per app, so tests that
 * build several apps do not share counts. Process metrics (memory, CPU, event-loop lag, GC) are
 * prom-client's default set; the request histogram is fed by request-logging.ts's one onResponse
 * hook; features add scrape-time gauges to `registry` (the outbox, in features/metrics).
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly requestDuration: RequestDurations;
  private readonly backupAge: Gauge;
  private lastBackup: LastBackupSource | null = null;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.requestDuration = new RequestDurations(
      'http_request_duration_seconds',
      'Time from receiving a request to finishing its answer, by method, matched route pattern and status code.',
      DURATION_BUCKETS,
      this.registry,
    );
    const metrics = this;
    // Registered only while a source is set: no backup system means no series (alert on absent()).
    this.backupAge = new Gauge({
      name: BACKUP_AGE,
      help: 'Seconds since the last backup finished (+Inf while none has). Absent when no backup system reports.',
      registers: [],
      async collect() {
        const at = await metrics.lastBackupTime();
        this.set(
          at === undefined
            ? Number.NaN
            : at === null
              ? Number.POSITIVE_INFINITY
              : (Date.now() - at.getTime()) / 1000,
        );
      },
    });
  }

  /**
   * Where shop_backup_age_seconds comes from; null removes the gauge again. The backup code calls this
   * once (for instance when it schedules backups in the server process).
   */
  setLastBackupSource(source: LastBackupSource | null): void {
    const registered = this.lastBackup !== null;
    this.lastBackup = source;
    if (source && !registered) this.registry.registerMetric(this.backupAge);
    if (!source && registered) this.registry.removeSingleMetric(BACKUP_AGE);
  }

  /** undefined when the source failed (reported as NaN: unknown). */
  private async lastBackupTime(): Promise<Date | null | undefined> {
    try {
      return (await this.lastBackup?.()) ?? null;
    } catch {
      return undefined;
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics; null when METRICS_TOKEN is unset (nothing is collected). */
    metrics: AppMetrics | null;
  }
}
