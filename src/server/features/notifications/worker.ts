import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type OutboxRow, outbox } from '#server/db/schema.ts';
import { onWorkQueued } from './settings.ts';

/** Waits after a failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h; then the job has failed. */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600, 12 * 3600, 24 * 3600];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** How long a claim lasts. Far longer than one send may take (the mailer gives up within a minute). */
export const LEASE_SECONDS = 5 * 60;
const POLL_MS = 5_000;
/** After work was queued in this process: long enough for its transaction to commit, usually. */
const NUDGE_DELAY_MS = 100;
const BATCH = 10;

export type JobHandler = (job: OutboxRow) => Promise<void>;
export type JobHandlers = Record<OutboxRow['kind'], JobHandler>;

type Logger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export interface RunSummary {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends what the outbox holds. Any number of workers, in any number of processes, may run: each
 * claims due rows with FOR UPDATE SKIP LOCKED and a lease, so a row is in one worker's hands at a
 * time; a worker that dies mid-send leaves its rows 'sending' until the lease ends, then another
 * takes them over. Delivery is therefore at least once; the fixed Message-ID lets mail programs
 * fold the rare duplicate.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RunSummary> | null = null;
  private again = false;
  private stopped = true;
  /** Set by stop(): a run in progress finishes its message in hand and takes no more. */
  private stopping = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      handlers: JobHandlers;
      log?: Logger;
      pollMs?: number;
      leaseSeconds?: number;
    },
  ) {}

  /** Polls every few seconds, and shortly after work is queued in this process. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.unsubscribe = onWorkQueued(() => this.schedule(NUDGE_DELAY_MS));
    this.schedule(0);
  }

  /** Stops polling and waits for the message in hand; whatever is left waits for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.running?.catch(() => undefined);
  }

  /** Sends everything due now, batch after batch. One run at a time per worker. */
  async runOnce(): Promise<RunSummary> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      await this.runOnce();
    } catch (error) {
      this.deps.log?.error({ err: error }, 'outbox run failed');
    }
    // Work queued during the run may have committed after its last look: look again at once.
    const next = this.again ? 0 : (this.deps.pollMs ?? POLL_MS);
    this.again = false;
    this.schedule(next);
  }

  private async drain(): Promise<RunSummary> {
    const summary: RunSummary = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const jobs = await claimDueJobs(this.deps.db, BATCH, this.deps.leaseSeconds ?? LEASE_SECONDS);
      for (const [index, job] of jobs.entries()) {
        if (this.stopping) {
          await releaseJobs(this.deps.db, jobs.slice(index));
          break;
        }
        summary[await this.process(job)] += 1;
      }
      if (jobs.length < BATCH || this.stopping) return summary;
    }
  }

  private async process(job: OutboxRow): Promise<keyof RunSummary> {
    const { db, handlers, log } = this.deps;
    // A row whose workers kept dying mid-send (each claim counts as an attempt) is given up on.
    if (job.attempts > MAX_ATTEMPTS) {
      await finishJob(db, job, { ok: false, error: 'gave up: the sender stopped during every attempt' });
      log?.error({ jobId: job.id, topic: job.topic }, 'outbox job failed for good');
      return 'failed';
    }
    try {
      await handlers[job.kind](job);
    } catch (error) {
      if (error instanceof HoldJob) {
        await holdJob(db, job, error.until);
        log?.info({ jobId: job.id, kind: job.kind, until: error.until }, 'outbox job held');
        return 'retrying';
      }
      const message = describeError(error);
      const outcome = await finishJob(db, job, { ok: false, error: message });
      const details = {
        jobId: job.id,
        kind: job.kind,
        topic: job.topic,
        attempts: job.attempts,
        error: message,
      };
      if (outcome === 'failed') log?.error(details, 'outbox job failed for good');
      else log?.warn(details, 'outbox job failed; it will be retried');
      return outcome;
    }
    await finishJob(db, job, { ok: true });
    log?.info({ jobId: job.id, kind: job.kind, topic: job.topic }, 'outbox job done');
    return 'sent';
  }
}

/**
 * Takes up to `limit` due rows: pending ones whose time has come, and 'sending' ones whose lease ran
 * out (their worker died). Each claim counts as an attempt and fences the row: only the holder of
 * this attempt number can finish it.
 */
export async function claimDueJobs(
  db: Db,
  limit: number,
  leaseSeconds = LEASE_SECONDS,
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      or(
        and(eq(outbox.status, 'pending'), sql`${outbox.nextAttemptAt} <= now()`),
        and(eq(outbox.status, 'sending'), sql`${outbox.lockedUntil} < now()`),
      ),
    )
    .orderBy(outbox.nextAttemptAt, outbox.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({
      status: 'sending',
      attempts: sql`${outbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Thrown by a handler for work that may not be done yet (a text at night): it waits, the attempt not counted. */
export class HoldJob extends Error {
  constructor(readonly until: Date) {
    super(`held until ${until.toISOString()}`);
  }
}

async function holdJob(db: Db, job: OutboxRow, until: Date): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: 'pending',
      lockedUntil: null,
      attempts: sql`${outbox.attempts} - 1`,
      nextAttemptAt: until,
    })
    .where(and(eq(outbox.id, job.id), eq(outbox.status, 'sending'), eq(outbox.attempts, job.attempts)));
}

/** Claimed but never started (the worker is stopping): back to the queue at once, the attempt not counted. */
async function releaseJobs(db: Db, jobs: OutboxRow[]): Promise<void> {
  for (const job of jobs) {
    await db
      .update(outbox)
      .set({ status: 'pending', lockedUntil: null, attempts: sql`${outbox.attempts} - 1` })
      .where(and(eq(outbox.id, job.id), eq(outbox.status, 'sending'), eq(outbox.attempts, job.attempts)));
  }
}

/** Records the attempt's outcome, if this worker still holds the row. */
async function finishJob(
  db: Db,
  job: OutboxRow,
  outcome: { ok: true } | { ok: false; error: string },
): Promise<'sent' | 'retrying' | 'failed'> {
  const held = and(eq(outbox.id, job.id), eq(outbox.status, 'sending'), eq(outbox.attempts, job.attempts));
  if (outcome.ok) {
    await db
      .update(outbox)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(held);
    return 'sent';
  }
  const lastError = outcome.error.slice(0, 2000);
  if (job.attempts >= MAX_ATTEMPTS) {
    await db.update(outbox).set({ status: 'failed', lockedUntil: null, lastError }).where(held);
    return 'failed';
  }
  const delay = RETRY_DELAYS_SECONDS[job.attempts - 1] ?? RETRY_DELAYS_SECONDS.at(-1) ?? 60;
  await db
    .update(outbox)
    .set({
      status: 'pending',
      lockedUntil: null,
      lastError,
      nextAttemptAt: sql`now() + make_interval(secs => ${delay})`,
    })
    .where(held);
  return 'retrying';
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const response = (error as { response?: unknown }).response;
    return typeof response === 'string' && !error.message.includes(response)
      ? `${error.message}: ${response}`
      : error.message;
  }
  return String(error);
}
