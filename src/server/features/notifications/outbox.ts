import { and, eq, sql } from 'drizzle-orm';
import type { DriveEstimateDocument } from '#domain/google.ts';
import type { Language } from '#domain/language.ts';
import type { OutgoingMail } from '#server/adapters/mail/mailer.ts';
import type { Db } from '#server/db/client.ts';
import { type OutboxRow, outbox } from '#server/db/schema.ts';
import { outboxWakeUp } from './settings.ts';

/**
 * A PDF printed by the job that sends the message, not by the request that queued it (decision 075):
 * the document's content as the change left it (the documents feature's snapshot), printed through
 * the PDF cache.
 */
export interface PendingPdf {
  filename: string;
  estimateId: string;
  snapshot: unknown;
}

/**
 * One e-mail, written when the change happened; its PDFs (`pdfs`) are attached when it is sent.
 * Messages queued before decision 075 carry their PDFs drawn already, in `attachments`.
 */
export type EmailPayload = Omit<OutgoingMail, 'messageId' | 'date'> & { pdfs?: PendingPdf[] };

/** One estimate to save (or update) as a JSON document in the shop's Drive folder. */
export interface DriveEstimatePayload {
  name: string;
  document: DriveEstimateDocument;
  /**
   * The written estimate as sent to the customer, saved beside the document: printed by the job
   * (`pending`), or, queued before decision 075, already drawn (`content`, base64).
   */
  pdf?: { name: string; content?: string; pending?: PendingPdf };
}

/** One text to an estimate's customer: the updates written since the last one, said in order. */
export interface SmsPayload {
  to: string;
  shopName: string;
  updates: string[];
  /** The estimate's status link (texts queued before status links existed have none). */
  statusUrl?: string;
  /** The customer's language, which the updates are written in (texts queued before it: English). */
  language?: Language;
}

export type OutboxTopic =
  | 'estimate_received'
  | 'quote_ready'
  | 'drop_off_scheduled'
  | 'repair_completed'
  | 'payment_receipt'
  | 'payment_link'
  | 'shop_message'
  | 'supplement_sent'
  | 'shop_new_estimate'
  | 'shop_customer_response'
  | 'shop_customer_message'
  | 'password_link'
  | 'welcome'
  | 'backup_failed'
  | 'drive_estimate'
  | 'repair_update_text'
  | 'survey'
  | 'shop_recovery'
  | 'drop_off_reminder'
  | 'shop_drop_off';

interface Queued<P> {
  topic: OutboxTopic;
  estimateId: string | null;
  payload: P;
  /** The same key is queued only once; later attempts are ignored. */
  dedupeKey?: string;
  /** Not before then (a text held for the morning or spaced after the last one); default: now. */
  notBefore?: Date;
}

/**
 * Queues work in the caller's transaction: it exists exactly when the change that caused it commits.
 * Returns false when the dedupe key was already queued.
 */
export async function queueEmail(tx: Db, job: Queued<EmailPayload>): Promise<boolean> {
  return queue(tx, 'email', job);
}

export async function queueText(tx: Db, job: Queued<SmsPayload>): Promise<boolean> {
  return queue(tx, 'sms', job);
}

export async function queueDriveSave(tx: Db, job: Queued<DriveEstimatePayload>): Promise<boolean> {
  return queue(tx, 'drive_estimate', job);
}

async function queue(tx: Db, kind: OutboxRow['kind'], job: Queued<unknown>): Promise<boolean> {
  const rows = await tx
    .insert(outbox)
    .values({
      kind,
      topic: job.topic,
      estimateId: job.estimateId,
      payload: job.payload,
      dedupeKey: job.dedupeKey ?? null,
      // The database's clock, like every other timestamp of the queue; the statement's own time (not
      // the transaction's) keeps the mails of one change in the order they were queued.
      createdAt: sql`clock_timestamp()`,
      nextAttemptAt: job.notBefore ?? sql`clock_timestamp()`,
    })
    .onConflictDoNothing()
    .returning({ id: outbox.id });
  if (rows.length === 0) return false;
  // The job queue runs the outbox at the message's time: a job in this same transaction, so it
  // exists exactly when the message does.
  await outboxWakeUp()?.(tx, job.notBefore);
  return true;
}

/**
 * Withdraws a message not yet sent (a reminder of a booking since cancelled): its row stays as the
 * record, 'cancelled', and is never sent. False when there was nothing pending under that key (sent
 * already, being sent, or never queued).
 */
export async function cancelQueuedMessage(tx: Db, dedupeKey: string): Promise<boolean> {
  const rows = await tx
    .update(outbox)
    .set({ status: 'cancelled', lockedUntil: null })
    .where(and(eq(outbox.dedupeKey, dedupeKey), eq(outbox.status, 'pending')))
    .returning({ id: outbox.id });
  return rows.length > 0;
}
