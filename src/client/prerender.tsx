import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { Language } from '#domain/language.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { loadFirstScreen } from './app.tsx';
import { AppRoot } from './app-root.tsx';
import { activateLanguage } from './i18n/i18n.ts';
import { setCurrentUser } from './lib/current-user.ts';
import { setShopDetails } from './lib/shop.ts';

/**
 * Built for the server (`vite build --ssr`, into dist/prerender): a public page a visitor lands on
 * first (`/`, `/about`, `/auth`), as a signed-out visitor's browser first draws it, in one language,
 * for the shop the server is configured for. The server writes it into the page once at start
 * (src/server/http/prerendered-pages.ts), so the first screen paints with the HTML and the app then
 * hydrates it instead of drawing from nothing.
 */
export async function renderFirstScreen(
  pagePath: string,
  language: Language,
  details: ShopInfo,
): Promise<string> {
  setShopDetails(details);
  setCurrentUser(null);
  await activateLanguage(language);
  await loadFirstScreen(pagePath);
  // The router is told the path and an empty query (it adds no markup, so the browser hydrates without
  // it). React writes a preload of a hero photo (an img with fetchPriority high) before the markup; the
  // page's head names it already (first-paint.ts), and the root holds only what the app hydrates.
  return renderToString(
    <Router ssrPath={pagePath} ssrSearch="">
      <AppRoot />
    </Router>,
  ).replace(/^<link rel="preload" as="image"[^>]*\/>/, '');
}
