import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { estimates, type UserRow } from '../../db/schema.js';
import { estimatesVisibleTo } from './estimate-access.js';

/**
 * A weak ETag for "the estimates this user sees", from one aggregate over updated_at instead of the
 * list itself, so the 5-second poll of an unchanged list costs one small query.
 * count catches deletions; the sum of every updated_at (in microseconds, exact) changes whenever any
 * one of them does, even when a concurrent change lands with an older timestamp than the newest.
 */
export async function estimateListTag(db: Db, user: UserRow): Promise<string> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)::text`,
      newest: sql<string | null>`max(${estimates.updatedAt})::text`,
      stamps: sql<string | null>`sum((extract(epoch from ${estimates.updatedAt}) * 1000000)::bigint)::text`,
    })
    .from(estimates)
    .where(estimatesVisibleTo(user));
  // The viewer is part of the tag: after a sign-out and sign-in on one browser, the cached list of
  // the previous user can never be confirmed as current.
  const version = [user.id, user.isAdmin, row?.count, row?.newest, row?.stamps].join('|');
  return `W/"${createHash('sha256').update(version).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match holds this tag (weak comparison, as RFC 9110 asks for If-None-Match). */
export function etagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  const wanted = opaque(tag);
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}
