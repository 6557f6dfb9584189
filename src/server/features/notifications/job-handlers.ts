import type { GoogleWorkspace } from '#server/adapters/google/google-workspace.ts';
import type { Mailer } from '#server/adapters/mail/mailer.ts';
import type { OutboxRow } from '#server/db/schema.ts';
import type { DriveEstimatePayload, EmailPayload } from './outbox.ts';
import type { JobHandlers } from './worker.ts';

/** How each kind of queued work is done: mail through the mailer, estimates into the Drive folder. */
export function outboxJobHandlers({
  mailer,
  google,
}: {
  mailer: Mailer;
  google: GoogleWorkspace | null;
}): JobHandlers {
  return {
    async email(job: OutboxRow) {
      const mail = job.payload as EmailPayload;
      await mailer.send({ ...mail, messageId: messageIdFor(job.id, mail.from), date: job.createdAt });
    },
    async drive_estimate(job: OutboxRow) {
      // Queued while Google was connected, and the settings are gone since: wait (and retry) for them.
      if (!google) throw new Error('Google is not connected: the GOOGLE_* settings are missing.');
      const { name, document, pdf } = job.payload as DriveEstimatePayload;
      await google.saveDriveEstimate(name, document);
      if (pdf)
        await google.saveDriveEstimatePdf(document.estimate.id, pdf.name, Buffer.from(pdf.content, 'base64'));
    },
  };
}

/** '<job id@sender's domain>': the same on every attempt of one job. */
export function messageIdFor(jobId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${jobId}@${domain}>`;
}
