import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

export const SESSION_COOKIE = 'sid';

/** The cookie carries a random token; the table keeps only its hash. */
export function sessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session: the token for the cookie and the row to store (which holds only its hash). */
export function newSession(userId: string, ttlDays: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlDays * 86_400_000);
  return { token, row: { id: sessionId(token), userId, expiresAt } };
}

export async function createSession(db: Db, userId: string, ttlDays: number): Promise<string> {
  const { token, row } = newSession(userId, ttlDays);
  await db.insert(sessions).values(row);
  return token;
}

/**
 * The condition "this session exists and is still valid", for the placeholders `sessionId` and `now`:
 * lookups that also fetch what their route needs (one round trip) join users the same way.
 */
export const liveSession: SQL = and(
  eq(sessions.id, sql.placeholder('sessionId')),
  gt(sessions.expiresAt, sql.placeholder('now')),
) as SQL;

/** Every API request asks this: prepared once per database, so it is neither rebuilt nor re-planned. */
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

function prepareSessionUser(db: Db) {
  return db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession)
    .limit(1)
    .prepare('session_user');
}

export async function findSessionUser(db: Db, token: string) {
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUser(db);
    sessionUserQueries.set(db, query);
  }
  const [row] = await query.execute({ sessionId: sessionId(token), now: new Date() });
  return row?.user ?? null;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId(token)));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
