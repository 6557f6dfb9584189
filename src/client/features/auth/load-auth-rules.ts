import type * as AuthRules from '#domain/auth.ts';

export type { AuthRules };

/**
 * The shared rules of the sign-in forms (src/domain/auth.ts), and zod with them. They are not part of
 * the page's first load, which stays small for visitors arriving from an e-mail or a search: they load
 * when the visitor first moves into a form, and are awaited when it is sent.
 */
export function loadAuthRules(): Promise<typeof AuthRules> {
  return import('#domain/auth.ts');
}
