import { sendJson } from '#client/lib/api.ts';
import type { SetPasswordInput } from '#domain/auth.ts';
import type { PublicUser } from '#domain/public-user.ts';

/** The e-mailed link's token and the new password (POST /api/password/set); the server signs the browser in. */
export async function setPassword(input: SetPasswordInput): Promise<PublicUser> {
  const { publicUserSchema } = await import('#domain/public-user.ts');
  return sendJson('POST', '/api/password/set', input, publicUserSchema);
}
