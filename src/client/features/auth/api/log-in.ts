import { loadAuthRules } from '#client/features/auth/load-auth-rules.ts';
import { sendJson } from '#client/lib/api.ts';
import type { LoginInput, PublicUser } from '#domain/auth.ts';

/** Signs the browser in (POST /api/login); the answer is the account. */
export async function logIn(credentials: LoginInput): Promise<PublicUser> {
  const { publicUserSchema } = await loadAuthRules();
  return sendJson('POST', '/api/login', credentials, publicUserSchema);
}
