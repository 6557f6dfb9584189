/**
 * The customer side speaks English and Spanish (docs/decisions/054-spanish-and-english.md); the shop's
 * screens stay English. No zod here: the landing page imports this and carries no zod
 * (the request schema is in auth.ts).
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Remembers a visitor's choice (the switch, or the account's language at sign-in) for the next page. */
export const LANGUAGE_COOKIE = 'lang';

/**
 * A page address's `?lang=en|es`: the server remembers it as the visitor's choice and sends the same
 * page without it (the language switch is a link to it, for a page the app has not taken over yet).
 */
export const LANGUAGE_PARAM = 'lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The locale `Intl` formats money and dates with: Florida's English and Spanish. */
export function intlLocale(language: Language): string {
  return language === 'es' ? 'es-US' : 'en-US';
}
