import { eq } from 'drizzle-orm';
import { isUuid } from '#domain/ids.ts';
import type { PublicUser } from '#domain/public-user.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { toPublicUser } from '#server/features/auth/shared.ts';

const userNotFound = () => new AppError('not_found', 'User not found');

/** A user's public fields, for themselves or the shop; anyone else hears that there is no such user. */
export async function getUserFor(db: Db, viewer: UserRow, id: string): Promise<PublicUser> {
  if (!isUuid(id) || (!viewer.isAdmin && viewer.id !== id.toLowerCase())) throw userNotFound();
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw userNotFound();
  return toPublicUser(user);
}
