import { StrictMode } from 'react';
import { App } from './app.tsx';
import { LanguageSwitchContext } from './components/layout/language-switch-slot.tsx';
import { SignOutContext } from './components/layout/sign-out-slot.ts';
import { ToastHost } from './components/ui/toast-host.tsx';
import { UpdatePrompt } from './components/update-prompt.tsx';
import { LanguageSwitch } from './features/auth/language-switch.tsx';
import { I18nProvider } from './i18n/i18n-provider.tsx';

/** Loaded when someone signs out: the landing page, which has no sign-out button, stays light. */
const signOut = () => import('./features/auth/sign-out.ts').then((module) => module.signOut());

/**
 * The whole app as the browser draws it, and as the server prerenders the landing page: one tree, so
 * the page the server wrote is the page the browser hydrates. It gives the layouts the language switch
 * and the sign-out they offer (components/ import no feature).
 */
export function AppRoot() {
  return (
    <StrictMode>
      <I18nProvider>
        <LanguageSwitchContext value={LanguageSwitch}>
          <SignOutContext value={signOut}>
            <App />
          </SignOutContext>
        </LanguageSwitchContext>
        <ToastHost />
        <UpdatePrompt />
      </I18nProvider>
    </StrictMode>
  );
}
