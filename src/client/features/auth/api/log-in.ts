import { sendJson } from '#client/lib/api.ts';
import type { LoginInput } from '#domain/auth.ts';
import type { PublicUser } from '#domain/public-user.ts';

/** Signs the browser in (POST /api/login); the answer is the account. */
export async function logIn(credentials: LoginInput): Promise<PublicUser> {
  const { publicUserSchema } = await import('#domain/public-user.ts');
  return sendJson('POST', '/api/login', credentials, publicUserSchema);
}
