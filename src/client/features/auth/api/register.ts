import { sendJson } from '#client/lib/api.ts';
import type { RegisterInput } from '#domain/auth.ts';
import type { PublicUser } from '#domain/public-user.ts';

/** Opens a customer account and signs the browser in as it (POST /api/register). */
export async function register(account: RegisterInput): Promise<PublicUser> {
  const { publicUserSchema } = await import('#domain/public-user.ts');
  return sendJson('POST', '/api/register', account, publicUserSchema);
}
