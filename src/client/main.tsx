import './lib/zod-config.ts';
import './lib/style-nonce.ts';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadFirstScreen } from './app.tsx';
import { ToastHost } from './components/ui/toast-host.tsx';
import { UpdatePrompt } from './components/update-prompt.tsx';
import { activateLanguage, i18n, pageLanguage } from './i18n/i18n.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Renders once the page's language's shared messages are there (the server preloads them beside the
// entry), with the landing page's when the first page is '/' (its code is in the entry), and the
// first screen's code too when that is the sign-in page (see loadFirstScreen). All fetched at once.
const firstPath = window.location.pathname;
void Promise.all([
  activateLanguage(pageLanguage(), ...(firstPath === '/' ? (['landing'] as const) : [])),
  loadFirstScreen(firstPath),
]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
        <ToastHost />
        <UpdatePrompt />
      </I18nProvider>
    </StrictMode>,
  ),
);
