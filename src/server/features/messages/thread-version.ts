import { eq, sql } from 'drizzle-orm';
import { isUuid } from '#domain/ids.ts';
import type { Db } from '#server/db/client.ts';
import { preparedBatchRead } from '#server/db/coalesced-lookup.ts';
import { estimates, messages, sessions, type UserRow, users } from '#server/db/schema.ts';
import { versionOf } from '#server/db/version-of.ts';

export interface SessionThreadTag {
  user: UserRow;
  /** Null when this user may not see the estimate. */
  tag: string | null;
}

/**
 * Who the session with this id is, and the ETag of the estimate's conversation as they read it; null
 * when signed out. Read in one round trip, shared with every poll that arrives at the same time (as
 * the estimate list's tag is, list-version.ts): the 10-second poll of an unchanged thread is then one
 * small query, answered 304 without reading, rendering or encoding a message.
 *
 * The tag is one aggregate over the (estimate_id, created_at) index, not the messages: a message never
 * changes once written (whether the shop has handled it is not in the answer), so the version of
 * their created_at (versionOf) changes with each new one. The viewer and what decides their language
 * (role and account language) are part of it: the app's notes read in the viewer's language.
 */
export async function findSessionWithThreadTag(
  db: Db,
  sessionId: string,
  estimateId: string,
): Promise<SessionThreadTag | null> {
  // A malformed id is no estimate: the session is still read, so a signed-out caller hears 401.
  const id = isUuid(estimateId) ? estimateId : NO_ESTIMATE;
  const row = await readThreadTag(db, `${sessionId}${KEY_SEPARATOR}${id}`);
  return row && { user: row.user, tag: row.tag };
}

const NO_ESTIMATE = '00000000-0000-0000-0000-000000000000';
/** Between the session id (base64url) and the estimate id (a uuid) of a lookup's key. */
const KEY_SEPARATOR = ' ';

const readThreadTag = preparedBatchRead(
  prepareTags,
  (keys) => {
    const parts = keys.map((key) => key.split(KEY_SEPARATOR));
    return {
      keys,
      sessionIds: parts.map(([sessionId]) => sessionId),
      estimateIds: parts.map(([, estimateId]) => estimateId),
      now: new Date(),
    };
  },
  (row) => row.key,
);

function prepareTags(db: Db) {
  const asked = sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('sessionIds')}::text[],
    ${sql.placeholder('estimateIds')}::uuid[]) as asked(key, session_id, estimate_id)`;
  const version = sql`(select ${versionOf(messages.createdAt)} from ${messages}
    where ${messages.estimateId} = ${estimates.id})`;
  return db
    .select({
      key: sql<string>`asked.key`,
      user: users,
      tag: sql<string | null>`case when ${estimates.id} is null then null else
        'W/"' || md5(concat_ws('|', ${users.id}, ${users.isAdmin}, ${users.language}, ${version})) || '"' end`,
    })
    .from(asked)
    .innerJoin(
      sessions,
      sql`${sessions.id} = asked.session_id and ${sessions.expiresAt} > ${sql.placeholder('now')}`,
    )
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      estimates,
      sql`${estimates.id} = asked.estimate_id and (${users.isAdmin} or ${estimates.userId} = ${users.id})`,
    )
    .prepare('session_message_thread_tags');
}
