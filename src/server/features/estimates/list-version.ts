import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { estimates, sessions, type UserRow, users } from '../../db/schema.js';
import { liveSession, sessionId } from '../auth/sessions.js';

/**
 * The version of "the estimates this user sees", from one aggregate over updated_at instead of the
 * list itself, so the 5-second poll of an unchanged list costs one small query.
 * count catches deletions; the sum of every updated_at (in microseconds, exact) changes whenever any
 * one of them does, even when a concurrent change lands with an older timestamp than the newest.
 */
const versionOf = (stamp: unknown) =>
  sql`concat_ws('|', count(*), max(${stamp}), sum((extract(epoch from ${stamp}) * 1000000)::bigint))`;

/**
 * Read in the session lookup itself: the poll of an unchanged list is one round trip. A customer's
 * stamps come from the (user_id, updated_at) index alone; the branch that does not apply to the
 * viewer is skipped by the planner (a one-time filter).
 */
const visibleStamps = sql`select ${estimates.updatedAt} as stamp from ${estimates}
    where ${estimates.userId} = ${users.id} and not ${users.isAdmin}
  union all
  select ${estimates.updatedAt} from ${estimates} where ${users.isAdmin}`;

const sessionListQueries = new WeakMap<Db, ReturnType<typeof prepareSessionWithListVersion>>();

function prepareSessionWithListVersion(db: Db) {
  return db
    .select({
      user: users,
      version: sql<string>`(select ${versionOf(sql`visible.stamp`)} from (${visibleStamps}) as visible)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession)
    .limit(1)
    .prepare('session_user_estimate_list');
}

/** The signed-in user of this session token and the ETag of their estimate list; null when signed out. */
export async function findSessionWithEstimateListTag(
  db: Db,
  token: string,
): Promise<{ user: UserRow; tag: string } | null> {
  let query = sessionListQueries.get(db);
  if (!query) {
    query = prepareSessionWithListVersion(db);
    sessionListQueries.set(db, query);
  }
  const [row] = await query.execute({ sessionId: sessionId(token), now: new Date() });
  return row ? { user: row.user, tag: listTag(row.user, row.version) } : null;
}

function listTag(user: UserRow, version: string): string {
  // The viewer is part of the tag: after a sign-out and sign-in on one browser, the cached list of
  // the previous user can never be confirmed as current.
  const key = [user.id, user.isAdmin, version].join('|');
  return `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match holds this tag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function etagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}
