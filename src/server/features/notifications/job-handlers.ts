import { DEFAULT_LANGUAGE } from '#domain/language.ts';
import { smsBody, smsSendableAt } from '#domain/text-messages.ts';
import type { GoogleWorkspace } from '#server/adapters/google/google-workspace.ts';
import type { Mailer } from '#server/adapters/mail/mailer.ts';
import { RecipientOptedOutError, type TextSender } from '#server/adapters/sms/text-sender.ts';
import type { Db } from '#server/db/client.ts';
import type { OutboxRow } from '#server/db/schema.ts';
import { translator } from '#server/i18n/translator.ts';
import type { DriveEstimatePayload, EmailPayload, SmsPayload } from './outbox.ts';
import { printPendingPdf, withPrintedPdfs } from './pending-pdfs.ts';
import { dueSurvey } from './survey-jobs.ts';
import { hasOptedOut, optOutOfTexts } from './texts.ts';
import { CancelJob, HoldJob, type JobHandlers } from './worker.ts';

/** Why a text was not sent, in its outbox row. */
export const NUMBER_OPTED_OUT = 'number opted out';

/**
 * How each kind of queued work is done: mail through the mailer, texts through the text sender,
 * estimates into the Drive folder.
 */
export function outboxJobHandlers({
  db,
  mailer,
  texts,
  google,
  clock = () => new Date(),
}: {
  db: Db;
  mailer: Mailer;
  texts: TextSender;
  google: GoogleWorkspace | null;
  /** The shop's clock for the quiet hours (tests set the hour). */
  clock?: () => Date;
}): JobHandlers {
  /**
   * When the message is dated: a survey's at the time it was scheduled for (queued at the pickup, a
   * day earlier: a Date a day old sorts low and looks like spam), everything else when it was written.
   * Either way the same on every attempt, like the Message-ID (and a text's file name). A survey that
   * must not go any more is cancelled here (CancelJob).
   */
  async function dateOrCancel(job: OutboxRow): Promise<Date> {
    if (job.topic !== 'survey') return job.createdAt;
    // Answered (by the other message) or the repair cancelled since it was queued: it goes no more.
    const survey = await dueSurvey(db, job.estimateId);
    if ('withdrawn' in survey) throw new CancelJob(survey.withdrawn);
    return new Date(Math.max(survey.sendAt.getTime(), job.createdAt.getTime()));
  }

  return {
    async sms(job: OutboxRow) {
      const { to, shopName, updates, statusUrl, language = DEFAULT_LANGUAGE } = job.payload as SmsPayload;
      // A STOP since it was written wins: nothing more goes to that number, and the row says so.
      if (await hasOptedOut(db, to)) throw new CancelJob(NUMBER_OPTED_OUT);
      const date = await dateOrCancel(job);
      // Queued for a sendable time, but retried or delayed into the night: wait for the morning.
      const now = clock();
      const sendable = smsSendableAt(now);
      if (sendable > now) throw new HoldJob(sendable);
      const t = translator(language);
      const wording = { statusLinkLabel: t('text.statusLink'), optOutLine: t('text.optOut') };
      const body = smsBody(shopName, updates, statusUrl, wording);
      try {
        await texts.send({ id: job.id, to, body, date });
      } catch (error) {
        if (!(error instanceof RecipientOptedOutError)) throw error;
        // A STOP the app never heard (sent to the provider while the app was down): it is kept now.
        await optOutOfTexts(db, to);
        throw new CancelJob(NUMBER_OPTED_OUT);
      }
    },
    async email(job: OutboxRow) {
      const date = await dateOrCancel(job);
      // The survey keeps texting hours by e-mail too: one retried into the night waits for the morning.
      if (job.topic === 'survey') {
        const now = clock();
        const sendable = smsSendableAt(now);
        if (sendable > now) throw new HoldJob(sendable);
      }
      // The PDFs are printed here, off the request that queued the mail (decision 075).
      const mail = await withPrintedPdfs(db, job.payload as EmailPayload);
      await mailer.send({ ...mail, messageId: messageIdFor(job.id, mail.from), date });
    },
    async drive_estimate(job: OutboxRow) {
      // Queued while Google was connected, and the settings are gone since: wait (and retry) for them.
      if (!google) throw new Error('Google is not connected: the GOOGLE_* settings are missing.');
      const { name, document, pdf } = job.payload as DriveEstimatePayload;
      await google.saveDriveEstimate(name, document);
      if (pdf?.pending) {
        await google.saveDriveEstimatePdf(
          document.estimate.id,
          pdf.name,
          await printPendingPdf(db, pdf.pending),
        );
      } else if (pdf?.content) {
        await google.saveDriveEstimatePdf(document.estimate.id, pdf.name, Buffer.from(pdf.content, 'base64'));
      }
    },
  };
}

/** '<job id@sender's domain>': the same on every attempt of one job. */
export function messageIdFor(jobId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${jobId}@${domain}>`;
}
