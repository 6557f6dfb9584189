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
// entry), with the first screen's code and words when it is one the server prerenders (see
// loadFirstScreen). All fetched at once. A page the server prerendered (signed out) is hydrated rather
// than drawn again.
const firstPath = window.location.pathname;
void Promise.all([activateLanguage(pageLanguage()), loadFirstScreen(firstPath)]).then(() => {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page at once.
  if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, <AppRoot />));
  else createRoot(root).render(<AppRoot />);
});
