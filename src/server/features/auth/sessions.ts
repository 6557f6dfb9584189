import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

export const SESSION_COOKIE = 'sid';

/** The cookie carries a random token; the table keeps only its hash. */
function sessionId(token: string): string {
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

export async function findSessionUser(db: Db, token: string) {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row?.user ?? null;
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId(token)));
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
