import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../../domain/auth.js';
import type { Db } from '../../db/client.js';
import { type UserRow, users } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { toPublicUser } from '../auth/service.js';
import { isUuid } from '../estimates/estimate-access.js';

const userNotFound = () => new AppError('not_found', 'User not found');

/** A user's public fields, for themselves or the shop; anyone else hears that there is no such user. */
export async function getUserFor(db: Db, viewer: UserRow, id: string): Promise<PublicUser> {
  if (!isUuid(id) || (!viewer.isAdmin && viewer.id !== id.toLowerCase())) throw userNotFound();
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw userNotFound();
  return toPublicUser(user);
}
