import type { I18n } from '@lingui/core';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { i18n } from './i18n.ts';

/** What a component reads of the page's messages: the shape Lingui's `<Trans>` renderer takes. */
export interface Lingui {
  i18n: I18n;
  _: I18n['_'];
}

/**
 * The React side of Lingui, as `@lingui/react`'s I18nProvider and useLingui do it: a context that
 * changes with the language. That package keeps its `<Trans>` renderer in a module its provider
 * imports, which put about 1 KB of code used by a few signed-in screens into every first page; the
 * renderer itself still comes from Lingui, with those screens (trans.tsx).
 */
const LinguiContext = createContext<Lingui | null>(null);

const snapshotOf = (): Lingui => ({ i18n, _: i18n._.bind(i18n) });
let current = snapshotOf();
let currentLocale = i18n.locale;
// Registered before any component subscribes, so every reader sees the new language's snapshot. Only
// a new language is a new snapshot: Lingui also says "change" when a screen's words load with its code
// (app.tsx), which nothing drawn yet shows; a re-render then would make React draw again, from nothing,
// the parts of a page the server drew that it had not yet taken over (decision 079).
i18n.on('change', () => {
  if (i18n.locale === currentLocale) return;
  currentLocale = i18n.locale;
  current = snapshotOf();
});
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const snapshot = () => current;

export function I18nProvider({ children }: { children: ReactNode }) {
  const lingui = useSyncExternalStore(subscribe, snapshot, snapshot);
  return <LinguiContext.Provider value={lingui}>{children}</LinguiContext.Provider>;
}

/** The page's messages; the component re-renders when the language changes. */
export function useLingui(): Lingui {
  const lingui = useContext(LinguiContext);
  if (!lingui) throw new Error('useLingui needs the I18nProvider (src/client/app-root.tsx) above it');
  return lingui;
}
