import { clsx } from 'clsx';
import { type MouseEvent, useState } from 'react';
import type { LanguageSwitchProps } from '#client/components/layout/language-switch-slot.tsx';
import { activateLanguage, currentLanguage } from '#client/i18n/i18n.ts';
import { useLingui } from '#client/i18n/i18n-provider.tsx';
import { useAuth } from '#client/lib/current-user.ts';
import { LANGUAGE_COOKIE, LANGUAGE_PARAM, type Language } from '#domain/language.ts';
import { saveLanguage } from './api/save-language.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * "Español" on an English page, "English" on a Spanish one, each written in its own language so a
 * reader of either finds it. The choice is kept in a cookie for the next page and, for a signed-in
 * customer, on the account (PATCH /api/auth/user), which is what e-mails and texts follow. A link:
 * before the app has taken over a prerendered page, or without script, `?lang=` has the server
 * set the cookie and send the same page back in that language.
 */
export function LanguageSwitch({ className }: LanguageSwitchProps) {
  useLingui(); // re-render on a change
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const language = currentLanguage();
  const other: Language = language === 'es' ? 'en' : 'es';

  async function change(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop's customers use.
      document.cookie = `${LANGUAGE_COOKIE}=${other}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
      const customer = Boolean(user && !user.isAdmin);
      // On the account before the page changes: once it reads in the new language, a reload (which
      // cancels a request still on its way) or another browser finds the choice there too. Should
      // the save fail, this browser still switches: its cookie keeps the choice.
      if (customer) await saveLanguage(other).catch(() => undefined);
      await activateLanguage(other);
      if (customer) {
        // The server writes its answers in the account's language (the app's notes in the thread,
        // refusals): what is on screen is asked for again in the new one. The query client is
        // already loaded on every signed-in screen; the landing page does not carry it.
        const { queryClient } = await import('#client/lib/query-client.ts');
        await queryClient.invalidateQueries();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <a
      href={`?${LANGUAGE_PARAM}=${other}`}
      hrefLang={other}
      lang={other}
      onClick={change}
      aria-disabled={busy || undefined}
      className={clsx(
        className ??
          'inline-block rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        'aria-disabled:opacity-60',
      )}
    >
      {other === 'es' ? 'Español' : 'English'}
    </a>
  );
}
