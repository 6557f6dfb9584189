import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from '#domain/language.ts';
import { requestCookie } from './request-cookies.ts';

const LANGUAGE_COOKIE_DAYS = 365;

/**
 * The language an Accept-Language header asks for, of the ones the app speaks; null when it names
 * none of them. Regional tags count as their language (es-US, es-MX, es-419 → es). The negotiator
 * breaks a tie in quality by the order of the values it is given, so it is given them in the order
 * the header first names them: "es, en" is Spanish, as the browser meant.
 */
export function acceptedLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranges = header
    .slice(0, 500)
    .split(',')
    .map((range) => {
      const [tag = '', ...params] = range.trim().split(';');
      const primary = tag.trim().split('-')[0]?.toLowerCase() ?? '';
      return { primary, range: [primary, ...params].join(';') };
    });
  const named = [...new Set(ranges.map((range) => range.primary))].filter(isLanguage);
  const order = [...named, ...LANGUAGES.filter((language) => !named.includes(language))];
  const chosen = negotiate(ranges.map((range) => range.range).join(','), order);
  return isLanguage(chosen) ? chosen : null;
}

/** The `lang` cookie this browser sent, when it names a language the app speaks. */
export function cookieLanguage(request: FastifyRequest): Language | null {
  const value = requestCookie(request, LANGUAGE_COOKIE);
  return isLanguage(value) ? value : null;
}

/** A visitor's language before any account says otherwise: their choice (the cookie), else the browser's. */
export function visitorLanguage(request: FastifyRequest): Language {
  return cookieLanguage(request) ?? acceptedLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/**
 * The language a request's answer is written in: a signed-in customer's account language, else the
 * visitor's. The shop's own people read English whatever their browser says: their screens are English.
 */
export function answerLanguage(request: FastifyRequest): Language {
  const user = request.user;
  if (user) return user.isAdmin ? DEFAULT_LANGUAGE : user.language;
  return visitorLanguage(request);
}

/**
 * Remembers the language for this browser's next pages. Not HttpOnly: the page's own switch writes
 * the same cookie for a signed-out visitor.
 */
export function setLanguageCookie(request: FastifyRequest, reply: FastifyReply, language: Language): void {
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: LANGUAGE_COOKIE_DAYS * 86_400,
  });
}
