import { and, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '#domain/ids.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/language.ts';
import type { Message } from '#domain/messages.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, type MessageRow, messages, type UserRow } from '#server/db/schema.ts';
import { estimateNotFound, findEstimateForUser } from '#server/features/estimates/shared.ts';
import { clearAwaitingReply } from '#server/features/front-desk/shared.ts';
import { notifyNewMessage } from '#server/features/notifications/shared.ts';
import { hitRateLimit, type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import { storedMessageText } from '#server/i18n/note-text.ts';

/**
 * Per user, over 10 minutes. Every customer message is e-mailed to the shop at once (a question about
 * a car in the shop should not wait in a digest, and folding messages into one e-mail would hide
 * all but the first from whoever reads the inbox), so the customer's allowance is the cap on the
 * shop's inbox: ten messages, a lively conversation's worth (the shop answers one at a time), and at
 * most ten e-mails, where thirty let one customer flood the inbox. The shop's staff answer many
 * customers and get thirty times as much; their messages to a customer are e-mailed at most once per
 * estimate in 10 minutes (notifications' SHOP_MESSAGE_MAIL_INTERVAL_MINUTES).
 */
export const MESSAGE_LIMITS = {
  customer: {
    name: 'message-user',
    max: 10,
    windowSeconds: 10 * 60,
    tooMany: 'You have sent many messages in the last few minutes.',
  },
  shop: { name: 'message-shop', max: 300, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimit>;
/** The thread shows at most this many of the newest messages. */
export const MESSAGE_THREAD_LIMIT = 500;

/** A message as this reader reads it: a note the app wrote in their language (decision 068). */
function presentMessage(row: MessageRow, language: Language): Message {
  return {
    id: row.id,
    content: storedMessageText(row, language),
    isFromAdmin: row.isFromAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The estimate's messages, oldest first: for its owner and the shop only, the app's notes in the
 * reader's language. One query: the estimate (which also decides access) with its newest messages
 * beside it; no row means no such estimate for this user.
 */
export async function listMessages(
  db: Db,
  user: UserRow,
  estimateId: string,
  language: Language,
): Promise<Message[]> {
  if (!isUuid(estimateId)) throw estimateNotFound();
  const rows = await threadQuery(db, user).execute({ estimateId, userId: user.id });
  if (rows.length === 0) throw estimateNotFound();
  const newestFirst = rows.flatMap(({ message }) => (message ? [message] : []));
  return newestFirst.reverse().map((row) => presentMessage(row, language));
}

const threadQueries = new WeakMap<Db, { customer: ThreadQuery; admin: ThreadQuery }>();
type ThreadQuery = ReturnType<typeof prepareThread>;

function threadQuery(db: Db, user: UserRow): ThreadQuery {
  let queries = threadQueries.get(db);
  if (!queries) {
    queries = { customer: prepareThread(db, false), admin: prepareThread(db, true) };
    threadQueries.set(db, queries);
  }
  return user.isAdmin ? queries.admin : queries.customer;
}

function prepareThread(db: Db, forAdmin: boolean) {
  const newest = db
    .select()
    .from(messages)
    .where(eq(messages.estimateId, estimates.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_THREAD_LIMIT)
    .as('newest');
  const id = sql.placeholder('estimateId');
  return db
    .select({ estimateId: estimates.id, message: newest._.selectedFields })
    .from(estimates)
    .leftJoinLateral(newest, sql`true`)
    .where(
      forAdmin
        ? eq(estimates.id, id)
        : and(eq(estimates.id, id), eq(estimates.userId, sql.placeholder('userId'))),
    )
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .prepare(forAdmin ? 'message_thread_admin' : 'message_thread');
}

/**
 * Stores the text exactly as written (it is shown as text, never as HTML). Whether it comes from the
 * shop is decided by the author's role, never by the request.
 */
export async function postMessage(
  db: Db,
  user: UserRow,
  estimateId: string,
  content: string,
  rateLimitScale = 1,
  upToMessageId: string | null = null,
): Promise<Message> {
  await findEstimateForUser(db, estimateId, user);
  const limit = user.isAdmin ? MESSAGE_LIMITS.shop : MESSAGE_LIMITS.customer;
  await hitRateLimit(db, scaledLimit(limit, rateLimitScale), user.id);
  // The message and the e-mail about it are stored together: neither exists without the other.
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(messages)
      .values({
        estimateId,
        authorId: user.id,
        isFromAdmin: user.isAdmin,
        content,
        // A customer's message waits in the front desk's inbox; a staff reply answers those that wait,
        // up to the newest the staff member saw when they sent it.
        awaitingReply: !user.isAdmin,
      })
      .returning();
    if (!inserted) throw new Error('message insert returned nothing');
    if (user.isAdmin) {
      await clearAwaitingReply(tx, estimateId, user, { messageId: inserted.id }, upToMessageId);
    }
    await notifyNewMessage(tx, inserted.id);
    return inserted;
  });
  // What a person writes is shown as written: no language to choose.
  return presentMessage(row, DEFAULT_LANGUAGE);
}
