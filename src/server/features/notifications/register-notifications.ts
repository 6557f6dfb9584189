import type { FastifyInstance } from 'fastify';
import type { GoogleWorkspace } from '#server/adapters/google/google-workspace.ts';
import type { JobQueue } from '#server/adapters/job-queue/job-queue.ts';
import { createMailer } from '#server/adapters/mail/create-mailer.ts';
import type { Mailer } from '#server/adapters/mail/mailer.ts';
import { createTextSender } from '#server/adapters/sms/create-text-sender.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { outboxJobHandlers } from './job-handlers.ts';
import { configureNotifications, type NotificationSettings, setOutboxWakeUp } from './settings.ts';
import { nextDueAt, OutboxWorker } from './worker.ts';

/** The job that runs the outbox: everything due, then a wake-up for whatever falls due next. */
const OUTBOX_JOB = 'outbox';

/**
 * Gives the notification writers the shop's details and links, and, where this process runs the job
 * queue (not in most tests), sends the outbox when the queue says: each queued message brings a job
 * at its time (in its transaction), and each run leaves a job for the next time anything falls due
 * (a retry, a text held for the morning, a lease running out). The outbox itself polls nothing.
 */
export function registerNotifications(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: AppConfig;
    google: GoogleWorkspace | null;
    mailer?: Mailer;
    jobs: JobQueue | null;
    snapshotDocument: NotificationSettings['snapshotDocument'];
    printDocument: NotificationSettings['printDocument'];
    statusLink: NotificationSettings['statusLink'];
  },
): OutboxWorker | null {
  const { config } = deps;
  configureNotifications({
    appUrl: config.appUrl,
    shop: config.shop,
    mailFrom: config.mail.from,
    shopNotifyEmail: config.mail.shopNotifyEmail,
    driveEnabled: deps.google !== null,
    snapshotDocument: deps.snapshotDocument,
    printDocument: deps.printDocument,
    statusLink: deps.statusLink,
  });
  const { jobs } = deps;
  if (!jobs) return null;

  const mailer = deps.mailer ?? createMailer(config.mail);
  const texts = createTextSender(config.sms);
  const worker = new OutboxWorker({
    db: deps.db,
    handlers: outboxJobHandlers({ db: deps.db, mailer, texts, google: deps.google }),
    log: app.log,
    leaseSeconds: config.jobQueue.leaseSeconds,
  });
  jobs.define(
    OUTBOX_JOB,
    async () => {
      await worker.runOnce();
      // Stopped half-way: what is left is due now, for another process (or this one's next start).
      if (worker.stopped) {
        await jobs.send(OUTBOX_JOB, {});
        return;
      }
      // Named by its time: every run that sees the same next time leaves the same one job.
      const next = await nextDueAt(deps.db);
      if (next) await jobs.send(OUTBOX_JOB, {}, { startAfter: next, key: next });
    },
    // A run that dies is retried soon; one cut off mid-send waits for its rows' leases, named above.
    { retryLimit: 10, retryDelay: 5, retryDelayMax: 300, expireInSeconds: config.jobQueue.leaseSeconds },
  );
  // At start: whatever was queued while no process ran the queue (or came back with a restore).
  jobs.whenStarted(async () => {
    await jobs.send(OUTBOX_JOB, {});
  });
  const removeWakeUp = setOutboxWakeUp(async (tx, at) => {
    // Before the queue has started (nothing is served yet), the start's own run picks the message up.
    if (jobs.running) await jobs.send(OUTBOX_JOB, {}, { tx, startAfter: at });
  });
  jobs.whenStopping(() => worker.stop());
  if (config.sms.kind === 'files') {
    app.log.info(`TWILIO_* is not set: texts are written to ${config.sms.dir} instead of sent.`);
  }
  if (mailer.kind === 'eml-files' && config.mail.transport.kind === 'eml-files') {
    app.log.info(`SMTP_URL is not set: e-mail is written to ${config.mail.transport.dir} instead of sent.`);
  }
  // The message in hand is finished before the database closes; the rest waits for the next start.
  app.addHook('onClose', async () => {
    await jobs.stop();
    removeWakeUp();
    await mailer.close();
  });
  return worker;
}
