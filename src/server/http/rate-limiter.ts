import { eq, sql } from 'drizzle-orm';
import { addressForLimits } from '#server/address-ranges.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { rateLimits } from '#server/db/schema.ts';

export interface RateLimit {
  /** What is limited, for the key: 'login-ip', 'login-email'… */
  name: string;
  max: number;
  windowSeconds: number;
  /** What the refusal says before "Please wait…"; "Too many attempts." unless given. */
  tooMany?: string;
}

/** The same limit with `scale` times the allowance (RATE_LIMIT_SCALE). */
export function scaledLimit(limit: RateLimit, scale: number): RateLimit {
  return { ...limit, max: limit.max * scale };
}

/**
 * Fixed-window counter kept in the database, so every server process sees the same count
 * and a restart does not reset it. Throws a 429 AppError once `max` is passed.
 */
export async function hitRateLimit(db: Db, limit: RateLimit, subject: string): Promise<void> {
  const key = `${limit.name}:${subject}`;
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const expired = sql`${rateLimits.windowStart} <= now() - ${window}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now())))::int`,
    });
  if (row && row.count > limit.max) {
    const seconds = Math.max(1, Number(row.retryAfter));
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      'too_many_requests',
      `${limit.tooMany ?? 'Too many attempts.'} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { 'retry-after': String(seconds) },
    );
  }
}

/** `hitRateLimit` for a limit per client address: an IPv6 client counts by its /64 (address-ranges.ts). */
export function hitAddressRateLimit(db: Db, limit: RateLimit, address: string): Promise<void> {
  return hitRateLimit(db, limit, addressForLimits(address));
}

/** Forgets the count for one subject (e.g. an account after a successful sign-in). */
export async function resetRateLimit(db: Db, limit: RateLimit, subject: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, `${limit.name}:${subject}`));
}
