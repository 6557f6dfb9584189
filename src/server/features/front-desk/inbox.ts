import { and, asc, eq, sql } from 'drizzle-orm';
import { personName } from '#domain/admin-dashboard.ts';
import { INBOX_LIMIT, type InboxItem, messagePreview } from '#domain/front-desk.ts';
import { isUuid } from '#domain/ids.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, messages, type UserRow, users } from '#server/db/schema.ts';
import { findEstimateForUser } from '#server/features/estimates/shared.ts';

/**
 * The customers waiting for the shop: per estimate, the oldest of its messages still awaiting a reply,
 * oldest wait first. Reads only the partial index of awaiting messages (messages_awaiting_reply_idx),
 * never the answered ones, however many the shop has.
 */
export async function loadInbox(db: Db): Promise<InboxItem[]> {
  const oldest = db
    .selectDistinctOn([messages.estimateId], {
      estimateId: messages.estimateId,
      createdAt: messages.createdAt,
      // The preview needs only the start of a message that may be 5,000 characters long.
      start: sql<string>`left(${messages.content}, 400)`.as('start'),
      // Counted and picked among the waiting messages before DISTINCT ON keeps the oldest row.
      waitingCount: sql<number>`count(*) over (partition by ${messages.estimateId})`
        .mapWith(Number)
        .as('waiting_count'),
      newestWaitingId:
        sql<string>`first_value(${messages.id}) over (partition by ${messages.estimateId} order by ${messages.createdAt} desc, ${messages.id} desc)`.as(
          'newest_waiting_id',
        ),
    })
    .from(messages)
    .where(eq(messages.awaitingReply, true))
    .orderBy(messages.estimateId, asc(messages.createdAt), asc(messages.id))
    .as('oldest');
  const rows = await db
    .select({
      estimateId: oldest.estimateId,
      waitingSince: oldest.createdAt,
      start: oldest.start,
      waitingCount: oldest.waitingCount,
      newestWaitingId: oldest.newestWaitingId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(oldest)
    .innerJoin(estimates, eq(estimates.id, oldest.estimateId))
    .innerJoin(users, eq(users.id, estimates.userId))
    .orderBy(asc(oldest.createdAt), asc(oldest.estimateId))
    .limit(INBOX_LIMIT);
  return rows.map((row) => ({
    estimateId: row.estimateId,
    customerName: personName(row.firstName, row.lastName) ?? row.email,
    preview: messagePreview(row.start),
    waitingSince: row.waitingSince.toISOString(),
    waitingCount: row.waitingCount,
    newestWaitingId: row.newestWaitingId,
  }));
}

/**
 * Clears the estimate's waiting messages, recording who did it and when: with the staff reply that
 * answered them, or (answer null) without a reply ("Mark handled"). `upToMessageId` is the newest
 * customer message the staff member saw: only the waiting messages up to it, in the thread's order
 * (sent time, then id), are cleared, so one written meanwhile still waits; an id not of this thread
 * clears none. Null: every waiting message (clients that send no id). The number cleared.
 */
export async function clearAwaitingReply(
  db: Db,
  estimateId: string,
  staff: UserRow,
  answer: { messageId: string } | null,
  upToMessageId: string | null = null,
): Promise<number> {
  if (upToMessageId !== null && !isUuid(upToMessageId)) return 0;
  const seen =
    upToMessageId === null
      ? undefined
      : sql`(${messages.createdAt}, ${messages.id}) <= (
          select seen.created_at, seen.id from ${messages} as seen
          where seen.id = ${upToMessageId} and seen.estimate_id = ${estimateId})`;
  const cleared = await db
    .update(messages)
    .set({
      awaitingReply: false,
      answeredAt: sql`now()`,
      answeredBy: staff.id,
      answerMessageId: answer?.messageId ?? null,
    })
    .where(and(eq(messages.estimateId, estimateId), eq(messages.awaitingReply, true), seen))
    .returning({ id: messages.id });
  return cleared.length;
}

/** "Mark handled": staff dealt with the question another way (a phone call, at the counter). */
export async function markMessagesHandled(
  db: Db,
  staff: UserRow,
  estimateId: string,
  upToMessageId: string | null = null,
): Promise<number> {
  await findEstimateForUser(db, estimateId, staff);
  return clearAwaitingReply(db, estimateId, staff, null, upToMessageId);
}
