import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '#domain/ids.ts';
import type { Language } from '#domain/language.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, messages, type UserRow } from '#server/db/schema.ts';

/**
 * The ETag of an estimate's conversation as this viewer reads it, from one aggregate over the
 * (estimate_id, created_at) index instead of the messages themselves: the 10-second poll of a thread
 * that has not changed is then answered 304 without reading, rendering or encoding a message. A message
 * never changes once written (what the shop marks handled is not in the answer), so count catches a
 * new one and the sum of every created_at (in microseconds) any that lands with an older timestamp
 * than the newest. The viewer and the language are part of it: the app's notes read in the language.
 * Null when the viewer may not see the estimate.
 */
export async function threadTag(
  db: Db,
  user: UserRow,
  estimateId: string,
  language: Language,
): Promise<string | null> {
  if (!isUuid(estimateId)) return null;
  const [row] = await tagQuery(db, user).execute({ estimateId, userId: user.id, language });
  return row?.tag ?? null;
}

const tagQueries = new WeakMap<Db, { customer: TagQuery; admin: TagQuery }>();
type TagQuery = ReturnType<typeof prepareTag>;

function tagQuery(db: Db, user: UserRow): TagQuery {
  let queries = tagQueries.get(db);
  if (!queries) {
    queries = { customer: prepareTag(db, false), admin: prepareTag(db, true) };
    tagQueries.set(db, queries);
  }
  return user.isAdmin ? queries.admin : queries.customer;
}

function prepareTag(db: Db, forAdmin: boolean) {
  const id = sql.placeholder('estimateId');
  const version = sql`(select concat_ws('|', count(*), max(${messages.createdAt}),
    sum((extract(epoch from ${messages.createdAt}) * 1000000)::bigint))
    from ${messages} where ${messages.estimateId} = ${estimates.id})`;
  return db
    .select({
      tag: sql<string>`'W/"' || md5(concat_ws('|', ${sql.placeholder('userId')}::text,
        ${sql.placeholder('language')}::text, ${version})) || '"'`,
    })
    .from(estimates)
    .where(
      forAdmin
        ? eq(estimates.id, id)
        : and(eq(estimates.id, id), eq(estimates.userId, sql.placeholder('userId'))),
    )
    .prepare(forAdmin ? 'message_thread_tag_admin' : 'message_thread_tag');
}
