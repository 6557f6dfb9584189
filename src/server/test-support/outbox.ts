import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type OutboxRow, outbox } from '#server/db/schema.ts';
import type { DriveEstimatePayload, EmailPayload } from '#server/features/notifications/outbox.ts';

/** Test helpers: the queued rows, oldest first, with their payloads typed. */

export type QueuedEmail = OutboxRow & { payload: EmailPayload };

export async function queuedEmails(db: Db, estimateId?: string): Promise<QueuedEmail[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(estimateId ? eq(outbox.estimateId, estimateId) : eq(outbox.kind, 'email'))
    .orderBy(asc(outbox.createdAt), asc(outbox.id));
  return rows.filter((row) => row.kind === 'email') as QueuedEmail[];
}

export async function queuedDriveSaves(db: Db): Promise<(OutboxRow & { payload: DriveEstimatePayload })[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, 'drive_estimate'))
    .orderBy(asc(outbox.createdAt));
  return rows as (OutboxRow & { payload: DriveEstimatePayload })[];
}

export async function clearOutbox(db: Db): Promise<void> {
  await db.delete(outbox);
}
