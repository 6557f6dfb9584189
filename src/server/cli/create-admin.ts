import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loginSchema, newPasswordSchema } from '#domain/auth.ts';
import { createUser } from '#server/db/factories.ts';
import { sessions, users } from '#server/db/schema.ts';
import { findUserByEmail } from '#server/features/auth/service.ts';
import { hashPassword } from '#server/password-hash.ts';
import { runWithDatabase, UsageError } from './with-database.ts';

const USAGE =
  'Usage: npm run create-admin -- --email EMAIL --password PASSWORD [--first-name FIRST] [--last-name LAST]';

function readArgs() {
  try {
    const { values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
      strict: true,
    });
    return values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
}

function readName(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  const name = value.trim();
  if (name.length > 100) throw new UsageError(`${flag} must be at most 100 characters.`);
  return name || undefined;
}

function readInput() {
  const args = readArgs();
  if (!args.email) throw new UsageError(`--email is required.\n${USAGE}`);
  const email = loginSchema.shape.email.safeParse(args.email);
  if (!email.success) throw new UsageError(`${email.error.issues[0]?.message}: ${args.email}`);
  if (args.password !== undefined) {
    const password = newPasswordSchema.safeParse(args.password);
    if (!password.success) throw new UsageError(password.error.issues[0]?.message ?? 'Invalid password');
  }
  const firstName = readName(args['first-name'], '--first-name');
  const lastName = readName(args['last-name'], '--last-name');
  return { email: email.data, password: args.password, firstName, lastName };
}

await runWithDatabase(readInput, async ({ db }, { email, password, firstName, lastName }) => {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const passwordHash = password ? await hashPassword(password) : null;
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          isAdmin: true,
          ...(passwordHash ? { passwordHash } : {}),
          ...(firstName ? { firstName } : {}),
          ...(lastName ? { lastName } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, existing.id));
      // A replaced password signs the account out everywhere: whoever knew the old one is out.
      if (passwordHash) await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    });
    console.log(`${existing.email} is now an admin${password ? ' (password updated)' : ''}.`);
    return;
  }
  if (!password) throw new UsageError(`--password is required to create a new admin.\n${USAGE}`);
  const user = await createUser(db, {
    email,
    password,
    firstName,
    lastName,
    isAdmin: true,
  });
  console.log(`Admin ${user.email} created. Sign in at /auth.`);
});
