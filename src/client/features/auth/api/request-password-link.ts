import { loadAuthRules } from '#client/features/auth/load-auth-rules.ts';
import { sendJson } from '#client/lib/api.ts';
import type { PasswordLinkRequestInput } from '#domain/auth.ts';

/** E-mails a "set your password" link (POST /api/password/link); the answer's sentence is the same for any address. */
export async function requestPasswordLink(request: PasswordLinkRequestInput): Promise<{ message: string }> {
  const { passwordLinkReplySchema } = await loadAuthRules();
  return sendJson('POST', '/api/password/link', request, passwordLinkReplySchema);
}
