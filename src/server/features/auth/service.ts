import { eq, sql } from 'drizzle-orm';
import { type LoginInput, normalizeEmail, type PublicUser, type RegisterInput } from '#domain/auth.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { hitRateLimit, type RateLimit, resetRateLimit } from '#server/http/rate-limiter.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '#server/password-hash.ts';

export const LOGIN_LIMITS = {
  perIp: { name: 'login-ip', max: 30, windowSeconds: 15 * 60 },
  perEmail: { name: 'login-email', max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

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

export async function authenticate(db: Db, input: LoginInput, ip: string, limitScale = 1): Promise<UserRow> {
  const email = normalizeEmail(input.email);
  await hitRateLimit(db, scaled(LOGIN_LIMITS.perIp, limitScale), ip);
  await hitRateLimit(db, scaled(LOGIN_LIMITS.perEmail, limitScale), email);
  const user = await findUserByEmail(db, input.email);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw new AppError('unauthorized', INVALID_LOGIN);
  // Only failures count against an account: its owner signing in on several devices is never locked out.
  await resetRateLimit(db, LOGIN_LIMITS.perEmail, email);
  return user;
}

export async function registerCustomer(
  db: Db,
  input: RegisterInput,
  ip: string,
  limitScale = 1,
): Promise<UserRow> {
  await hitRateLimit(db, scaled(REGISTER_LIMITS.perIp, limitScale), ip);
  await hitRateLimit(db, scaled(REGISTER_LIMITS.perEmail, limitScale), normalizeEmail(input.email));
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
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
