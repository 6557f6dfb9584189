import { sql } from 'drizzle-orm';
import { isUuid } from '#domain/ids.ts';
import type { Language } from '#domain/language.ts';
import type { Db } from '#server/db/client.ts';
import { coalescedLookup, inKeyOrder } from '#server/db/coalesced-lookup.ts';
import { estimates, messages, type UserRow } from '#server/db/schema.ts';

/**
 * The ETag of an estimate's conversation as this viewer reads it, from one aggregate over the
 * (estimate_id, created_at) index instead of the messages themselves: the poll of a thread that has not
 * changed is answered 304 without reading, rendering or encoding a message. A message never changes
 * once written (whether the shop has handled it is not in the answer), so count catches a new one and
 * the sum of every created_at (in microseconds) one that lands with an older timestamp than the newest.
 * The viewer and the language are part of it: the app's notes read in the language. Null when the
 * viewer may not see the estimate. The polls that arrive together are asked in one query, as the
 * sessions are (coalesced-lookup.ts): one query each, they queued for the pool's connections.
 */
export async function threadTag(
  db: Db,
  user: UserRow,
  estimateId: string,
  language: Language,
): Promise<string | null> {
  if (!isUuid(estimateId)) return null;
  return lookupFor(db)([estimateId, user.id, user.isAdmin, language].join(KEY_SEPARATOR));
}

/** Between the parts of a lookup's key: no uuid or language holds it. */
const KEY_SEPARATOR = '|';

const lookups = new WeakMap<Db, (key: string) => Promise<string | null>>();

function lookupFor(db: Db): (key: string) => Promise<string | null> {
  let lookup = lookups.get(db);
  if (!lookup) {
    const query = prepareTags(db);
    lookup = coalescedLookup(async (keys: readonly string[]) => {
      const asked = [...new Set(keys)].map((key) => key.split(KEY_SEPARATOR));
      const rows = await query.execute({
        keys: asked.map((parts) => parts.join(KEY_SEPARATOR)),
        estimateIds: asked.map(([estimateId]) => estimateId),
        userIds: asked.map(([, userId]) => userId),
        admins: asked.map(([, , isAdmin]) => isAdmin === 'true'),
        languages: asked.map(([, , , language]) => language),
      });
      return inKeyOrder(keys, rows, (row) => row.key).map((row) => row?.tag ?? null);
    });
    lookups.set(db, lookup);
  }
  return lookup;
}

function prepareTags(db: Db) {
  const asked = sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('estimateIds')}::uuid[],
    ${sql.placeholder('userIds')}::uuid[], ${sql.placeholder('admins')}::boolean[],
    ${sql.placeholder('languages')}::text[]) as asked(key, estimate_id, user_id, is_admin, language)`;
  const version = sql`(select concat_ws('|', count(*), max(${messages.createdAt}),
    sum((extract(epoch from ${messages.createdAt}) * 1000000)::bigint))
    from ${messages} where ${messages.estimateId} = ${estimates.id})`;
  return db
    .select({
      key: sql<string>`asked.key`,
      tag: sql<string>`'W/"' || md5(concat_ws('|', asked.user_id, asked.language, ${version})) || '"'`,
    })
    .from(asked)
    .innerJoin(
      estimates,
      sql`${estimates.id} = asked.estimate_id and (asked.is_admin or ${estimates.userId} = asked.user_id)`,
    )
    .prepare('message_thread_tags');
}
