import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { preparedBatchRead } from '#server/db/coalesced-lookup.ts';
import { sessions, type UserRow, users } from '#server/db/schema.ts';

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
 * The condition "one of these sessions, still valid", for the placeholders `sessionIds` (an array)
 * and `now`: the per-request lookups read every session of a batch in one query (see coalescedLookup).
 */
export const liveSessions: SQL = and(
  sql`${sessions.id} = any(${sql.placeholder('sessionIds')}::text[])`,
  gt(sessions.expiresAt, sql.placeholder('now')),
) as SQL;

/**
 * A read keyed by session id that API requests make (the session with what their route needs):
 * gathered into one query per batch and prepared once per database (preparedBatchRead). `prepare`
 * selects a `sessionId` column from the sessions that match `liveSessions`.
 */
export function perSessionRead<Row extends { sessionId: string }>(
  prepare: (db: Db) => { execute(values: { sessionIds: string[]; now: Date }): Promise<Row[]> },
): (db: Db, sessionId: string) => Promise<Row | null> {
  return preparedBatchRead(
    prepare,
    (sessionIds) => ({ sessionIds, now: new Date() }),
    (row) => row.sessionId,
  );
}

/** Every API request asks this. */
const readSessionUser = perSessionRead((db) =>
  db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessions)
    .prepare('session_users'),
);

/** The signed-in user of the session with this id (see sessionId), or null. */
export async function findSessionUser(db: Db, id: string): Promise<UserRow | null> {
  return (await readSessionUser(db, id))?.user ?? null;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId(token)));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
