import { loadAuthRules } from '#client/features/auth/load-auth-rules.ts';
import { sendJson } from '#client/lib/api.ts';
import type { PublicUser, SetPasswordInput } from '#domain/auth.ts';

/** The e-mailed link's token and the new password (POST /api/password/set); the server signs the browser in. */
export async function setPassword(input: SetPasswordInput): Promise<PublicUser> {
  const { publicUserSchema } = await loadAuthRules();
  return sendJson('POST', '/api/password/set', input, publicUserSchema);
}
