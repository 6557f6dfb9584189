import type { FastifyInstance } from 'fastify';
import type { GoogleWorkspace } from '#server/adapters/google/google-workspace.ts';
import { createMailer } from '#server/adapters/mail/create-mailer.ts';
import type { Mailer } from '#server/adapters/mail/mailer.ts';
import { createTextSender } from '#server/adapters/sms/create-text-sender.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { outboxJobHandlers } from './job-handlers.ts';
import { configureNotifications, type NotificationSettings } from './settings.ts';
import { OutboxWorker } from './worker.ts';

/**
 * Gives the notification writers the shop's details and links, and (unless the configuration says
 * otherwise, as in tests) runs the outbox worker until the app closes.
 */
export function registerNotifications(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: AppConfig;
    google: GoogleWorkspace | null;
    mailer?: Mailer;
    renderDocument: NotificationSettings['renderDocument'];
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
    renderDocument: deps.renderDocument,
    statusLink: deps.statusLink,
  });
  if (!config.workers) return null;

  const mailer = deps.mailer ?? createMailer(config.mail);
  const texts = createTextSender(config.sms);
  const worker = new OutboxWorker({
    db: deps.db,
    handlers: outboxJobHandlers({ db: deps.db, mailer, texts, google: deps.google }),
    log: app.log,
  });
  if (config.sms.kind === 'files') {
    app.log.info(`TWILIO_* is not set: texts are written to ${config.sms.dir} instead of sent.`);
  }
  if (mailer.kind === 'eml-files' && config.mail.transport.kind === 'eml-files') {
    app.log.info(`SMTP_URL is not set: e-mail is written to ${config.mail.transport.dir} instead of sent.`);
  }
  worker.start();
  // The message in hand is finished before the database closes; the rest waits for the next start.
  app.addHook('onClose', async () => {
    await worker.stop();
    await mailer.close();
  });
  return worker;
}
