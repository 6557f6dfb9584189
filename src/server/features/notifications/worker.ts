import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type OutboxRow, outbox } from '#server/db/schema.ts';

/** Waits after a failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h; then the job has failed. */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600, 12 * 3600, 24 * 3600];
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** How long a claim lasts. Far longer than one send may take (the mailer gives up within a minute). */
export const LEASE_SECONDS = 5 * 60;
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
  cancelled: number;
}

/**
 * Sends what the outbox holds when the job queue says it is time (register-notifications.ts wakes it
 * at each message's time). Any number of runs, in any number of processes, may go at once: each
 * claims due rows with FOR UPDATE SKIP LOCKED and a lease, so a row is in one run's hands at a time;
 * each row's lease is renewed right before its send, and a row whose lease ran out meanwhile is left
 * to whoever takes it over. A process that dies mid-send leaves its rows 'sending' until the lease
 * ends, then another run takes them over. Delivery is therefore at least once (a single send longer
 * than the lease); the fixed Message-ID lets mail programs fold the rare duplicate.
 */
export class OutboxWorker {
  private running: Promise<RunSummary> | null = null;
  /** Set by stop(): a run in progress finishes its message in hand and takes no more. */
  private stopping = false;

  constructor(
    private readonly deps: {
      db: Db;
      handlers: JobHandlers;
      log?: Logger;
      leaseSeconds?: number;
    },
  ) {}

  /** Sends everything due now, batch after batch. One run at a time per worker. */
  async runOnce(): Promise<RunSummary> {
    if (this.running) await this.running.catch(() => undefined);
    if (this.stopping) return { sent: 0, retrying: 0, failed: 0, cancelled: 0 };
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Whether stop() cut a run short, leaving due rows for another process or the next start. */
  get stopped(): boolean {
    return this.stopping;
  }

  /** Waits for the message in hand; claimed rows not yet started go back to the outbox at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running?.catch(() => undefined);
  }

  private async drain(): Promise<RunSummary> {
    const summary: RunSummary = { sent: 0, retrying: 0, failed: 0, cancelled: 0 };
    const leaseSeconds = this.deps.leaseSeconds ?? LEASE_SECONDS;
    for (;;) {
      const jobs = await claimDueJobs(this.deps.db, BATCH, leaseSeconds);
      let lost = 0;
      for (const [index, job] of jobs.entries()) {
        if (this.stopping) {
          await releaseJobs(this.deps.db, jobs.slice(index));
          break;
        }
        // The batch's one lease may have run out while the rows before this one were sent: another
        // run may hold it now, and sending it here too would send it twice.
        if (!(await renewClaim(this.deps.db, job, leaseSeconds))) {
          lost += 1;
          continue;
        }
        summary[await this.process(job)] += 1;
      }
      // A row given up here is due again at once (its lease is over): the next claim takes it, if no
      // other run has.
      if ((jobs.length < BATCH && lost === 0) || this.stopping) return summary;
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
      if (error instanceof CancelJob) {
        await cancelJob(db, job, error.reason);
        log?.info({ jobId: job.id, kind: job.kind, reason: error.reason }, 'outbox job cancelled');
        return 'cancelled';
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
 * The next moment something in the outbox falls due, on the database's clock, to the microsecond
 * (ISO 8601, UTC): the earliest future retry, hold or send-at, or the end of a lease held now. Null
 * when nothing waits. Every process computes the same text for the same table, so the wake-up it
 * names is one job however many processes ask for it.
 */
export async function nextDueAt(db: Db): Promise<string | null> {
  const result = await db.execute(sql`
    select to_char(min(due) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "at" from (
      select min(${outbox.nextAttemptAt}) as due from ${outbox}
        where ${outbox.status} = 'pending' and ${outbox.nextAttemptAt} > now()
      union all
      select min(${outbox.lockedUntil}) from ${outbox}
        where ${outbox.status} = 'sending' and ${outbox.lockedUntil} > now()
    ) as times`);
  const [row] = (result as unknown as { rows: { at: string | null }[] }).rows;
  return row?.at ?? null;
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

/**
 * Thrown by a handler for work that must not be done any more (a text to a number that has said STOP
 * since): the row is kept as the record, 'cancelled' with the reason, and never tried again.
 */
export class CancelJob extends Error {
  constructor(readonly reason: string) {
    super(`cancelled: ${reason}`);
  }
}

/** The row as this attempt claimed it: one whose lease ran out and was claimed again is left alone. */
function stillClaimed(job: OutboxRow) {
  return and(eq(outbox.id, job.id), eq(outbox.status, 'sending'), eq(outbox.attempts, job.attempts));
}

/**
 * Right before a send: a fresh lease for the row, only while this attempt's claim still holds and
 * its lease has not run out (once it has, another run may take the row over at any moment). False:
 * the row is no longer this run's to send.
 */
async function renewClaim(db: Db, job: OutboxRow, leaseSeconds: number): Promise<boolean> {
  const renewed = await db
    .update(outbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(stillClaimed(job), sql`${outbox.lockedUntil} > now()`))
    .returning({ id: outbox.id });
  return renewed.length > 0;
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
    .where(stillClaimed(job));
}

async function cancelJob(db: Db, job: OutboxRow, reason: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'cancelled', lockedUntil: null, lastError: reason })
    .where(stillClaimed(job));
}

/** Claimed but never started (the worker is stopping): back to the queue at once, the attempt not counted. */
async function releaseJobs(db: Db, jobs: OutboxRow[]): Promise<void> {
  for (const job of jobs) {
    await db
      .update(outbox)
      .set({ status: 'pending', lockedUntil: null, attempts: sql`${outbox.attempts} - 1` })
      .where(stillClaimed(job));
  }
}

/** Records the attempt's outcome, if this worker still holds the row. */
async function finishJob(
  db: Db,
  job: OutboxRow,
  outcome: { ok: true } | { ok: false; error: string },
): Promise<'sent' | 'retrying' | 'failed'> {
  if (outcome.ok) {
    await db
      .update(outbox)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(stillClaimed(job));
    return 'sent';
  }
  const lastError = outcome.error.slice(0, 2000);
  if (job.attempts >= MAX_ATTEMPTS) {
    await db.update(outbox).set({ status: 'failed', lockedUntil: null, lastError }).where(stillClaimed(job));
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
    .where(stillClaimed(job));
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
