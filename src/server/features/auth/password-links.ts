import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { normalizeEmail, type PasswordLinkRequestInput, type SetPasswordInput } from '#domain/auth.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { passwordTokens, sessions, type UserRow, users } from '#server/db/schema.ts';
import {
  notifyPasswordLink,
  PASSWORD_LINK_TTL_MINUTES,
  WELCOME_LINK_TTL_DAYS,
} from '#server/features/notifications/shared.ts';
import {
  hitAddressRateLimit,
  hitRateLimit,
  type RateLimit,
  resetRateLimit,
} from '#server/http/rate-limiter.ts';
import { hashPassword } from '#server/password-hash.ts';
import { findUserByEmail, LOGIN_LIMITS } from './service.ts';

/**
 * E-mailed one-time links to set a password: how customers the shop created (no password yet)
 * claim their account, and how anyone who forgot theirs gets back in. Following the link proves
 * the caller reads the account's inbox, which is what owning the account means here.
 */

export const PASSWORD_LINK_LIMITS = {
  perIp: { name: 'password-link-ip', max: 20, windowSeconds: 60 * 60 },
  perEmail: { name: 'password-link-email', max: 5, windowSeconds: 60 * 60 },
  /** Each attempt hashes a password: a ceiling keeps junk requests from tying up the server. */
  setPerIp: { name: 'password-set-ip', max: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

export const PASSWORD_LINK_SENT = 'If that e-mail belongs to an account, we sent a link to set a password.';
export const PASSWORD_LINK_INVALID = 'This link has expired or was already used. Please ask for a new one.';

const scaled = (limit: RateLimit, scale: number): RateLimit => ({ ...limit, max: limit.max * scale });

/** The table keeps only the token's hash: a leaked table cannot be used to set anyone's password. */
function tokenId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * How long after it began every accepted link request is answered. Storing a link and queuing its
 * e-mail takes a few milliseconds that an unknown address does not; a reply that always comes at the
 * same moment hides them, whatever the database's speed. Far above that work (so it ends inside the
 * window even when the server is busy), and short enough to go unnoticed on a "Forgot password?" form.
 */
export const PASSWORD_LINK_REPLY_MS = 400;

/** The clock and the wait of the reply's padding: real ones in the app, controlled ones in tests. */
export interface ReplyPacing {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realPacing: ReplyPacing = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Queues the e-mail with a new link when the address belongs to an account. The caller answers the
 * same either way, and at the same time (PASSWORD_LINK_REPLY_MS), so the form cannot be used to find
 * out who has an account, neither by what it says nor by how long it takes.
 */
export async function requestPasswordLink(
  db: Db,
  input: PasswordLinkRequestInput,
  ip: string,
  limitScale = 1,
  pacing: ReplyPacing = realPacing,
): Promise<void> {
  const started = pacing.now();
  const email = normalizeEmail(input.email);
  await hitAddressRateLimit(db, scaled(PASSWORD_LINK_LIMITS.perIp, limitScale), ip);
  await hitRateLimit(db, scaled(PASSWORD_LINK_LIMITS.perEmail, limitScale), email);
  // The same work for every address: a token and its hash are made before anyone is looked up.
  const token = randomBytes(32).toString('base64url');
  const id = tokenId(token);
  const user = await findUserByEmail(db, email);
  if (user) {
    await db.transaction(async (tx) => {
      await tx.insert(passwordTokens).values({
        id,
        userId: user.id,
        expiresAt: sql`now() + make_interval(mins => ${PASSWORD_LINK_TTL_MINUTES})`,
      });
      await notifyPasswordLink(tx, user.id, token);
    });
  }
  await pacing.sleep(Math.max(0, PASSWORD_LINK_REPLY_MS - (pacing.now() - started)));
}

/**
 * A password link for a customer the shop has just created, for their welcome e-mail (the caller
 * queues it in the same transaction). It lasts days, not an hour: the customer reads it at home.
 */
export async function issueWelcomeLink(tx: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(passwordTokens).values({
    id: tokenId(token),
    userId,
    expiresAt: sql`now() + make_interval(days => ${WELCOME_LINK_TTL_DAYS})`,
  });
  return token;
}

/**
 * Sets the password of the link's account and uses the link up. Every session of the account ends
 * (whoever knew the old password is signed out) and its other links stop working; the caller then
 * starts a fresh session for this browser.
 */
export async function setPasswordWithLink(
  db: Db,
  input: SetPasswordInput,
  ip: string,
  limitScale = 1,
): Promise<UserRow> {
  await hitAddressRateLimit(db, scaled(PASSWORD_LINK_LIMITS.setPerIp, limitScale), ip);
  const id = tokenId(input.token);
  const usable = and(
    eq(passwordTokens.id, id),
    isNull(passwordTokens.usedAt),
    gt(passwordTokens.expiresAt, sql`now()`),
  );
  // A cheap look first, so a made-up token never costs a password hash.
  const [known] = await db.select({ id: passwordTokens.id }).from(passwordTokens).where(usable).limit(1);
  if (!known) throw new AppError('bad_request', PASSWORD_LINK_INVALID);
  const passwordHash = await hashPassword(input.password);

  const user = await db.transaction(async (tx) => {
    // The conditional update is the real check: of two requests with one link, only one gets a row.
    const [token] = await tx
      .update(passwordTokens)
      .set({ usedAt: sql`now()` })
      .where(usable)
      .returning({ userId: passwordTokens.userId });
    if (!token) throw new AppError('bad_request', PASSWORD_LINK_INVALID);
    const [updated] = await tx
      .update(users)
      // The link came by e-mail: using it shows the caller reads the account's address.
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, token.userId))
      .returning();
    if (!updated) throw new AppError('bad_request', PASSWORD_LINK_INVALID);
    await tx.delete(sessions).where(eq(sessions.userId, updated.id));
    await tx
      .delete(passwordTokens)
      .where(and(eq(passwordTokens.userId, updated.id), isNull(passwordTokens.usedAt)));
    return updated;
  });
  // Failed sign-ins before the reset no longer stand between the owner and the account.
  await resetRateLimit(db, LOGIN_LIMITS.perEmail, normalizeEmail(user.email));
  return user;
}
