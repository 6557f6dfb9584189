import { loadAuthRules } from '#client/features/auth/load-auth-rules.ts';
import { sendJson } from '#client/lib/api.ts';
import type { PublicUser, RegisterInput } from '#domain/auth.ts';

/** Opens a customer account and signs the browser in as it (POST /api/register). */
export async function register(account: RegisterInput): Promise<PublicUser> {
  const { publicUserSchema } = await loadAuthRules();
  return sendJson('POST', '/api/register', account, publicUserSchema);
}
