import { and, asc, eq, sql } from 'drizzle-orm';
import { personName } from '#domain/admin-dashboard.ts';
import { INBOX_LIMIT, type InboxItem, messagePreview } from '#domain/front-desk.ts';
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
  }));
}

/**
 * Clears the estimate's waiting messages, recording who did it and when: with the staff reply that
 * answered them, or (answer null) without a reply ("Mark handled"). The number cleared.
 */
export async function clearAwaitingReply(
  db: Db,
  estimateId: string,
  staff: UserRow,
  answer: { messageId: string } | null,
): Promise<number> {
  const cleared = await db
    .update(messages)
    .set({
      awaitingReply: false,
      answeredAt: sql`now()`,
      answeredBy: staff.id,
      answerMessageId: answer?.messageId ?? null,
    })
    .where(and(eq(messages.estimateId, estimateId), eq(messages.awaitingReply, true)))
    .returning({ id: messages.id });
  return cleared.length;
}

/** "Mark handled": staff dealt with the question another way (a phone call, at the counter). */
export async function markMessagesHandled(db: Db, staff: UserRow, estimateId: string): Promise<number> {
  await findEstimateForUser(db, estimateId, staff);
  return clearAwaitingReply(db, estimateId, staff, null);
}
