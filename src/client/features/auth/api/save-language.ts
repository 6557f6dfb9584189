import { apiRequest } from '#client/lib/api.ts';
import type { Language } from '#domain/language.ts';

/**
 * Keeps a signed-in customer's language on the account (PATCH /api/auth/user): e-mails and texts
 * follow it. The reply (the account) is not read, so the landing page that offers the switch
 * loads no schema for it.
 */
export async function saveLanguage(language: Language): Promise<void> {
  await apiRequest('PATCH', '/api/auth/user', { language });
}
