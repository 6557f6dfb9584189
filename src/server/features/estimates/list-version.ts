import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { estimates, sessions, users } from '#server/db/schema.ts';
import { versionOf } from '#server/db/version-of.ts';
import { liveSessions, perSessionRead } from '#server/sessions/session-store.ts';
import type { Viewer } from './estimate-access.ts';

/**
 * The stamps of "the estimates this user sees": their version (versionOf), not the list itself, makes
 * the 5-second poll of an unchanged list one small query. A customer's stamps come from the
 * (user_id, updated_at) index alone; the branch that does not apply to the viewer is skipped by the
 * planner (a one-time filter).
 */
const visibleStamps = sql`select ${estimates.updatedAt} as stamp from ${estimates}
    where ${estimates.userId} = ${users.id} and not ${users.isAdmin}
  union all
  select ${estimates.updatedAt} from ${estimates} where ${users.isAdmin}`;

/**
 * The list's ETag, made by the database with the version (md5 names a version here; it guards
 * nothing). The viewer is part of it: after a sign-out and sign-in on one browser, the cached list
 * of the previous user can never be confirmed as current.
 */
const listTag = sql<string>`'W/"' || md5(concat_ws('|', ${users.id}, ${users.isAdmin},
  (select ${versionOf(sql`visible.stamp`)} from (${visibleStamps}) as visible))) || '"'`;

export interface SessionListTag {
  viewer: Viewer;
  tag: string;
}

/**
 * Read with the session itself: the poll of an unchanged list is one round trip, shared with every
 * poll that arrives at the same time. Only what the poll needs comes back (each column read costs
 * the server more than the database).
 */
const readSessionListTag = perSessionRead((db) =>
  db
    .select({ sessionId: sessions.id, viewer: { id: users.id, isAdmin: users.isAdmin }, tag: listTag })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessions)
    .prepare('session_estimate_list_tags'),
);

/** Who the session with this id is and the ETag of their estimate list; null when signed out. */
export async function findSessionWithEstimateListTag(db: Db, id: string): Promise<SessionListTag | null> {
  return readSessionListTag(db, id);
}
