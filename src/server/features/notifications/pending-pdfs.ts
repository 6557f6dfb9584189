import type { MailAttachment } from '#server/adapters/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import type { EmailPayload, PendingPdf } from './outbox.ts';
import { notificationSettings } from './settings.ts';

/**
 * The written estimate or the invoice to attach to a message, kept as its content (in the caller's
 * transaction): a few reads, no drawing. The job that sends the message prints it (decision 075).
 */
export async function pendingPdf(
  tx: Db,
  estimateId: string,
  kind: 'estimate' | 'invoice',
  filename: string,
): Promise<PendingPdf> {
  return {
    filename,
    estimateId,
    snapshot: await notificationSettings().snapshotDocument(tx, estimateId, kind),
  };
}

/** The PDF bytes of a pending document, from the PDF cache when this content was drawn before. */
export async function printPendingPdf(db: Db, pending: PendingPdf): Promise<Buffer> {
  return notificationSettings().printDocument(db, pending.estimateId, pending.snapshot);
}

/** The e-mail as the mailer sends it: its pending PDFs printed and attached after any it carries. */
export async function withPrintedPdfs(db: Db, payload: EmailPayload): Promise<EmailPayload> {
  const { pdfs, ...mail } = payload;
  if (!pdfs?.length) return mail;
  const printed: MailAttachment[] = [];
  for (const pending of pdfs) {
    printed.push({
      filename: pending.filename,
      contentType: 'application/pdf',
      content: (await printPendingPdf(db, pending)).toString('base64'),
      encoding: 'base64',
    });
  }
  return { ...mail, attachments: [...(mail.attachments ?? []), ...printed] };
}
