import { eq, sql } from 'drizzle-orm';
import {
  type LoginInput,
  normalizeEmail,
  type RegisterInput,
  type UpdateOwnAccountInput,
} from '#domain/auth.ts';
import type { Language } from '#domain/language.ts';
import type { PublicUser } from '#domain/public-user.ts';
import { AppError, unauthorized } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import {
  hitAddressRateLimit,
  hitRateLimit,
  type RateLimit,
  resetRateLimit,
} from '#server/http/rate-limiter.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '#server/password-hash.ts';
import type { DeviceCookie } from './device-cookie.ts';

export const LOGIN_LIMITS = {
  perIp: { name: 'login-ip', max: 30, windowSeconds: 15 * 60 },
  /** Failures from browsers without a device cookie for the account, all of them together. */
  perEmail: { name: 'login-email', max: 10, windowSeconds: 15 * 60 },
  /** Failures from one browser holding a device cookie for the account: that cookie alone is locked. */
  perDevice: { name: 'login-device', max: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

/** The language switch: a person flips it a few times at most; a script flipping it is stopped. */
export const OWN_ACCOUNT_LIMIT: RateLimit = { name: 'own-account', max: 60, windowSeconds: 10 * 60 };

export const REGISTER_LIMITS = {
  perIp: { name: 'register-ip', max: 20, windowSeconds: 60 * 60 },
  perEmail: { name: 'register-email', max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

const INVALID_LOGIN = 'Invalid email or password';

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    language: user.language,
    isAdmin: user.isAdmin,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
}

const scaled = (limit: RateLimit, scale: number): RateLimit => ({ ...limit, max: limit.max * scale });

/**
 * Checks e-mail and password. Failures are counted per account for untrusted browsers, and per device
 * cookie for a browser that signed in to this very account before (device-cookie.ts): a stranger who
 * exhausts the account's allowance locks out untrusted browsers only, and the owner's still gets in.
 */
export async function authenticate(
  db: Db,
  input: LoginInput,
  ip: string,
  limitScale = 1,
  device: DeviceCookie | null = null,
): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  await hitAddressRateLimit(db, scaled(LOGIN_LIMITS.perIp, limitScale), ip);
  const user = await findUserByEmail(db, input.email);
  const counter =
    device && user && device.userId === user.id
      ? { limit: LOGIN_LIMITS.perDevice, subject: device.nonce }
      : { limit: LOGIN_LIMITS.perEmail, subject: email };
  await hitRateLimit(db, scaled(counter.limit, limitScale), counter.subject);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw new AppError('unauthorized', INVALID_LOGIN);
  // Only failures count: the owner signing in on several devices is never locked out. A trusted
  // browser's success clears its own count only, so the owner's sign-ins never refill a stranger's.
  await resetRateLimit(db, counter.limit, counter.subject);
  return user;
}

/** A new customer's account, in `language` unless the form named one (the page they registered from). */
export async function registerCustomer(
  db: Db,
  input: RegisterInput,
  ip: string,
  limitScale = 1,
  language: Language = 'en',
): Promise<UserRow> {
  await hitAddressRateLimit(db, scaled(REGISTER_LIMITS.perIp, limitScale), ip);
  await hitRateLimit(db, scaled(REGISTER_LIMITS.perEmail, limitScale), normalizeEmail(input.email));
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language ?? language,
    })
    .onConflictDoNothing()
    .returning();
  if (!user) {
    throw new AppError(
      'conflict',
      'An account with this email already exists. Please sign in, or use "Forgot password?" to set a password.',
    );
  }
  return user;
}

/** PATCH /api/auth/user: what a signed-in person changes about their own account (their language). */
export async function updateOwnAccount(
  db: Db,
  user: UserRow,
  input: UpdateOwnAccountInput,
  limitScale = 1,
): Promise<UserRow> {
  await hitRateLimit(db, scaled(OWN_ACCOUNT_LIMIT, limitScale), user.id);
  const [updated] = await db
    .update(users)
    .set({ language: input.language, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  // The session's user is gone only if the account was deleted mid-request.
  if (!updated) throw unauthorized();
  return updated;
}
