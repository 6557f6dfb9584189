import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from '#domain/language.ts';
import type { MessageId, Namespace } from './catalogs.ts';
import { shopMessageValues } from './shop-values.ts';

export { i18n };

// One lazily loaded chunk per catalog file: a page fetches only its own namespaces, in one language.
const catalogFiles = import.meta.glob<Messages>('./locales/*/*.json', { import: 'default' });

const loaded = new Set<string>();

/**
 * The page's language. The server writes it into `<html lang>` (cookie, account or Accept-Language)
 * and marks that it chose with `data-lang-chosen`. Without that mark (`npm run dev`, a server that only
 * serves the template) the browser decides the same way: the `lang` cookie, else the browser's
 * preferred languages.
 */
export function pageLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const root = document.documentElement;
  if (root.hasAttribute('data-lang-chosen')) return asLanguage(root.lang) ?? DEFAULT_LANGUAGE;
  return cookieLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE;
}

function asLanguage(tag: string | undefined): Language | undefined {
  const lang = (tag ?? '').slice(0, 2).toLowerCase();
  return isLanguage(lang) ? lang : undefined;
}

function cookieLanguage(): Language | undefined {
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`));
  return asLanguage(pair?.slice(LANGUAGE_COOKIE.length + 1));
}

/** The first of the browser's preferred languages the site speaks. */
function browserLanguage(): Language | undefined {
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const language = asLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : pageLanguage();
}

async function loadCatalog(language: Language, namespace: Namespace): Promise<void> {
  const key = `${language}/${namespace}`;
  if (loaded.has(key)) return;
  const load = catalogFiles[`./locales/${key}.json`];
  if (!load) throw new Error(`No catalog ${key}`);
  // Screens with forms or server answers come with the Spanish of their problem texts; the landing
  // page (common, landing and photos only) and the signed-in navigation bar have neither.
  const problems = language === 'es' && !WITHOUT_PROBLEMS.has(namespace) ? loadSpanishProblems() : null;
  const [messages] = await Promise.all([load(), problems]);
  i18n.load(language, messages);
  loaded.add(key);
}

const WITHOUT_PROBLEMS: ReadonlySet<Namespace> = new Set(['common', 'landing', 'photos', 'nav']);

/** Whether a namespace's messages are already there in the current language (no need to wait). */
export function hasMessages(namespace: Namespace): boolean {
  return loaded.has(`${currentLanguage()}/${namespace}`);
}

/** Loads the namespaces a screen needs in the current language; call it beside the screen's import. */
export async function loadMessages(...namespaces: Namespace[]): Promise<void> {
  const language = currentLanguage();
  await Promise.all(namespaces.map((namespace) => loadCatalog(language, namespace)));
}

/**
 * Switches the page's language: loads every namespace already loaded in the other language, then
 * activates it (React re-renders through I18nProvider) and updates `<html lang>`. The first call also
 * loads the first screen's namespaces (`alsoLoad`), together with the shared ones.
 */
export async function activateLanguage(language: Language, ...alsoLoad: Namespace[]): Promise<void> {
  const namespaces = new Set([...loaded].map((key) => key.split('/')[1] as Namespace));
  namespaces.add('common');
  for (const namespace of alsoLoad) namespaces.add(namespace);
  await Promise.all([...namespaces].map((namespace) => loadCatalog(language, namespace)));
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let spanishProblems: ((message: string) => string | null) | null = null;

/**
 * The Spanish of the domain's and the server's English problem texts (src/domain/problem-messages.ts)
 * is a catalogue of its own, fetched with a Spanish screen's words (loadCatalog): an English page, and
 * the landing page, never carry it.
 */
export async function loadSpanishProblems(): Promise<void> {
  spanishProblems ??= (await import('#domain/problem-messages.ts')).spanishProblem;
}

/** The Spanish of an English problem text, once loadSpanishProblems has run; null when unknown. */
export function spanishProblemText(message: string): string | null {
  return spanishProblems?.(message) ?? null;
}

/** A message outside React (toasts, thrown errors' texts). Inside components use `useT`. */
export function translate(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, { ...shopMessageValues(), ...values });
}

/**
 * After sign-in the page speaks the account's language (the server has set the cookie to it for the
 * next pages): a customer's own choice, English for the shop's staff, whose screens are English.
 */
export async function followAccountLanguage(account: {
  isAdmin: boolean;
  language: Language;
}): Promise<void> {
  const wanted = account.isAdmin ? DEFAULT_LANGUAGE : account.language;
  if (wanted !== currentLanguage()) await activateLanguage(wanted);
}
