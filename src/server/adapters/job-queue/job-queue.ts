import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  type Db as BossDb,
  type DrizzleTransactionLike,
  fromDrizzle,
  type Job,
  PgBoss,
  type QueueOptions,
} from 'pg-boss';
import type { Db } from '#server/db/client.ts';

/** The queue's own schema in the app's database: its tables never mix with the shop's (nor its backups). */
export const JOB_QUEUE_SCHEMA = 'job_queue';

export interface JobQueueConfig {
  /** JOB_QUEUE_POLL_SECONDS: how often each process looks for due jobs (≥ 0.5). */
  pollSeconds: number;
  /**
   * JOB_QUEUE_SUPERVISE_SECONDS: how often the queue looks for jobs whose process stopped answering
   * (they are retried elsewhere), and refreshes the counts /api/metrics reports.
   */
  superviseSeconds: number;
  /**
   * JOB_QUEUE_LEASE_SECONDS: how long a job may stay in one process's hands: a process killed
   * mid-job loses it to another this long after it started. Far longer than any one send.
   */
  leaseSeconds: number;
}

export const DEFAULT_JOB_QUEUE_CONFIG: JobQueueConfig = {
  pollSeconds: 2,
  superviseSeconds: 60,
  leaseSeconds: 300,
};

type Logger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type JobHandler<Data> = (data: Data, job: Job<Data>) => Promise<void>;

/** How a kind of job is retried: pg-boss's retry count, first delay and exponential back-off. */
export interface JobKindOptions {
  /** Retries after the first attempt (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry, doubled each time (default 30), at most retryDelayMax (default 1 h). */
  retryDelay?: number;
  retryDelayMax?: number;
  /** Seconds a job may run (default JOB_QUEUE_LEASE_SECONDS). */
  expireInSeconds?: number;
  /** For long jobs: the running process says it is alive this often; silent that long, the job is retried. */
  heartbeatSeconds?: number;
}

export interface SendOptions {
  /** Not before then (default: now). */
  startAfter?: Date | string;
  /**
   * A name for this very job: sending the same key twice makes one job (however many processes send
   * it), for as long as the queue keeps finished jobs (a week).
   */
  key?: string;
  /** The caller's transaction: the job exists exactly when the transaction commits. */
  tx?: Db;
}

interface Kind {
  handler: JobHandler<never>;
  options: JobKindOptions;
}

/** What the counts say of each kind of job, for /api/metrics. */
export interface QueueCounts {
  queue: string;
  /** Waiting for their time. */
  deferred: number;
  /** Due, waiting for a process to take them. */
  ready: number;
  active: number;
  /** Given up on after every retry (kept a week). */
  failed: number;
}

/**
 * Everything that runs later or again, on pg-boss in the app's own PostgreSQL (embedded or server),
 * schema `job_queue` (decision 067). Features declare their kinds of job (`define`) before `start`;
 * any process may send jobs, every process with the queue started works them. A job is taken by one
 * process at a time (SKIP LOCKED), survives restarts (it is a row), is retried with back-off when
 * its handler throws, and is retried elsewhere when its process dies mid-job (expiry or heartbeat).
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly kinds = new Map<string, Kind>();
  private readonly onStart: (() => Promise<void>)[] = [];
  private readonly onStopping: (() => Promise<void>)[] = [];
  private started = false;
  private stopping: Promise<void> | null = null;

  constructor(
    pool: pg.Pool,
    private readonly config: JobQueueConfig,
    private readonly log: Logger,
  ) {
    this.boss = new PgBoss({
      db: poolExecutor(pool),
      schema: JOB_QUEUE_SCHEMA,
      // Made by the app's migration outbox_cancelled: pg-boss's own CREATE SCHEMA races between two servers.
      createSchema: false,
      superviseIntervalSeconds: config.superviseSeconds,
      monitorIntervalSeconds: config.superviseSeconds,
      // Schedules are the app's own (recurring.ts): pg-boss's cron is minute-grained.
      schedule: false,
      openTelemetry: { enabled: false },
    });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  /** Declares a kind of job and what does it. Before start(). */
  define<Data extends object>(name: string, handler: JobHandler<Data>, options: JobKindOptions = {}): void {
    if (this.started) throw new Error(`job kind ${name} declared after the queue started`);
    if (this.kinds.has(name)) throw new Error(`job kind ${name} declared twice`);
    this.kinds.set(name, { handler: handler as JobHandler<never>, options });
  }

  /** Runs once the queue has started (recurring jobs send their first occurrence here). */
  whenStarted(task: () => Promise<void>): void {
    this.onStart.push(task);
  }

  /** Runs first when the queue stops: a job that works through a list stops taking more. */
  whenStopping(task: () => Promise<void>): void {
    this.onStopping.push(task);
  }

  /** Installs or upgrades the schema (one process at a time), creates the queues, starts working them. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const [name, kind] of this.kinds) {
      const options = this.queueOptions(kind.options);
      if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
      else await this.boss.createQueue(name, options);
    }
    for (const [name, kind] of this.kinds) {
      await this.boss.work<object>(
        name,
        { pollingIntervalSeconds: this.config.pollSeconds, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          try {
            await kind.handler(job.data as never, job as never);
          } catch (error) {
            this.log.warn({ err: error, job: name, jobId: job.id, retry: job.retryCount }, 'job failed');
            throw error;
          }
        },
      );
    }
    this.started = true;
    for (const task of this.onStart) await task();
  }

  /**
   * Stops taking jobs and waits (up to the lease) for those in hand; a job cut off is retried by
   * another process, or by this one at its next start. Any number of calls: one stop.
   */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.stopping ??= (async () => {
      for (const task of this.onStopping) await task();
      // close: false: the pool is the app's, closed with the database.
      await this.boss.stop({ graceful: true, close: false, timeout: this.config.leaseSeconds * 1000 });
    })();
    await this.stopping;
  }

  /** Whether jobs may be sent: from start() on (and still while it stops: another process works them). */
  get running(): boolean {
    return this.started;
  }

  /** Queues one job; false when a job of the same key was already sent. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<boolean> {
    if (!this.kinds.has(name)) throw new Error(`unknown job kind ${name}`);
    if (!this.started) throw new Error(`job ${name} sent before the job queue started`);
    const id = await this.boss.send(name, data, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.key ? { id: keyedJobId(name, options.key) } : {}),
      // pg-boss's own Drizzle adapter: the insert runs in the caller's transaction, parameters bound.
      // (The app's Db type leaves execute()'s result unknown; node-postgres answers with { rows }.)
      ...(options.tx ? { db: fromDrizzle(options.tx as unknown as DrizzleTransactionLike, sql) } : {}),
    });
    return id !== null;
  }

  /** Jobs by kind and state, from the counts the queue's supervision keeps (at most superviseSeconds old). */
  async counts(): Promise<QueueCounts[]> {
    const queues = await this.boss.getQueues([...this.kinds.keys()]);
    return queues.map((queue) => ({
      queue: queue.name,
      deferred: queue.deferredCount,
      ready: queue.readyCount,
      active: queue.activeCount,
      failed: queue.failedCount,
    }));
  }

  private queueOptions(options: JobKindOptions): Omit<QueueOptions, 'name'> {
    return {
      retryLimit: options.retryLimit ?? 5,
      retryDelay: options.retryDelay ?? 30,
      retryBackoff: true,
      retryDelayMax: options.retryDelayMax ?? 3600,
      expireInSeconds: options.expireInSeconds ?? this.config.leaseSeconds,
      ...(options.heartbeatSeconds ? { heartbeatSeconds: options.heartbeatSeconds } : {}),
      // Finished jobs are kept a week: what ran shows in the counts, and keyed jobs stay unique.
      deleteAfterSeconds: 7 * 24 * 3600,
    };
  }
}

/** A job id (a UUID) that only this kind and key give: the same occurrence sent twice is one job. */
export function keyedJobId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\n${key}`).digest('hex');
  // Laid out as a version-5-style UUID so PostgreSQL's uuid type takes it.
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** pg-boss's own statements, on the app's pool (node-postgres parses its rows as pg-boss expects). */
function poolExecutor(pool: pg.Pool): BossDb {
  return { executeSql: (text, values) => pool.query(text, values as unknown[] | undefined) };
}
