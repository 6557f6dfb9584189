import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Namespace } from '#client/i18n/catalogs.ts';
import { activateLanguage } from '#client/i18n/i18n.ts';
import { I18nProvider } from '#client/i18n/i18n-provider.tsx';
import type { Language } from '#domain/language.ts';

/** A component's HTML in one language, with the catalogs its screen loads. */
export async function renderIn(language: Language, namespaces: Namespace[], element: ReactElement) {
  await activateLanguage(language, ...namespaces);
  return renderToStaticMarkup(<I18nProvider>{element}</I18nProvider>);
}
