import './lib/zod-config.ts';
import './lib/style-nonce.ts';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadFirstScreen } from './app.tsx';
import { AppRoot } from './app-root.tsx';
import { activateLanguage, pageLanguage } from './i18n/i18n.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Renders once the page's language's shared messages are there (the server preloads them beside the
// entry), with the landing page's when the first page is '/' (its code is in the entry), and the
// first screen's code too when that is the sign-in page (see loadFirstScreen). All fetched at once.
// A page the server prerendered (the landing page, signed out) is hydrated rather than drawn again.
const firstPath = window.location.pathname;
void Promise.all([
  activateLanguage(pageLanguage(), ...(firstPath === '/' ? (['landing'] as const) : [])),
  loadFirstScreen(firstPath),
]).then(() => {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page at once.
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, <AppRoot />));
  else createRoot(root).render(<AppRoot />);
});
