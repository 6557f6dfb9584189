import { eq } from 'drizzle-orm';
import { createUser } from '#server/db/factories.ts';
import { sessions, users } from '#server/db/schema.ts';
import { findUserByEmail } from '#server/features/auth/service.ts';
import { hashPassword } from '#server/password-hash.ts';
import { CREATE_ADMIN_USAGE, readCreateAdminArguments } from './admin/create-admin-arguments.ts';
import { runWithDatabase, UsageError } from './with-database.ts';

await runWithDatabase(
  () => readCreateAdminArguments(process.argv.slice(2)),
  async ({ db }, { email, password, firstName, lastName }) => {
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
    if (!password)
      throw new UsageError(`--password is required to create a new admin.\n${CREATE_ADMIN_USAGE}`);
    const user = await createUser(db, {
      email,
      password,
      firstName,
      lastName,
      isAdmin: true,
    });
    console.log(`Admin ${user.email} created. Sign in at /auth.`);
  },
);
