import { dehydrate, type Query, skipToken } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import type { Language } from '#domain/language.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { loadFirstScreen } from './app.tsx';
import { AppRoot } from './app-root.tsx';
import { activateLanguage } from './i18n/i18n.ts';
import { setApiTransport } from './lib/api.ts';
import { setDrawnAt } from './lib/clock.ts';
import { fetchCurrentUser, setCurrentUser } from './lib/current-user.ts';
import { queryClient } from './lib/query-client.ts';
import { setShopDetails } from './lib/shop.ts';
import type { SignedInState } from './lib/signed-in-state.ts';

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
  drawnAt: string,
): Promise<string> {
  setShopDetails(details);
  setCurrentUser(null);
  // The year in the footer and the years in business are read at this time; the page carries it for
  // the browser app to take the page over with (lib/clock.ts).
  setDrawnAt(new Date(drawnAt));
  await activateLanguage(language);
  await loadFirstScreen(pagePath);
  // The router is told the path and an empty query (it adds no markup, so the browser hydrates without
  // it). React writes a preload of a hero photo (an img with fetchPriority high) before the markup; the
  // page's head names it already (first-paint.ts), and the root holds only what the app hydrates.
  try {
    return renderToString(
      <Router ssrPath={pagePath} ssrSearch="">
        <AppRoot />
      </Router>,
    ).replace(/^<link rel="preload" as="image"[^>]*\/>/, '');
  } finally {
    setDrawnAt(null);
  }
}

/** What a signed-in page is drawn with, for the browser app to start from (lib/signed-in-state.ts). */
export interface SignedInPage {
  markup: string;
  state: SignedInState;
}

/**
 * Passes over the screen: each draws it with the answers fetched so far, and the next fetches what it
 * asked for (an estimate's vehicle is asked for once the estimate is there). The signed-in screens
 * ask in at most three rounds.
 */
const MAX_PASSES = 4;

let previous: Promise<unknown> = Promise.resolve();

/**
 * A signed-in page (`/estimate/:id`, `/admin`, `/dashboard`) drawn for the account whose requests
 * `fetchApi` answers (the server's own routes, with the visitor's session): the page as the browser
 * app would draw it once every answer has come, and those answers. Null when it cannot be drawn as the
 * app would draw it (signed out, or an answer failed: the browser app then draws the page itself).
 * One at a time: who is signed in, the language and TanStack Query's cache are this module's own.
 */
export function renderSignedInPage(...page: Parameters<typeof drawSignedIn>): Promise<SignedInPage | null> {
  const render = previous.then(() => drawSignedIn(...page));
  previous = render.catch(() => undefined);
  return render;
}

async function drawSignedIn(
  pagePath: string,
  search: string,
  language: Language,
  details: ShopInfo,
  fetchApi: typeof fetch,
): Promise<SignedInPage | null> {
  setShopDetails(details);
  setApiTransport(fetchApi);
  queryClient.clear();
  const drawnAt = new Date();
  setDrawnAt(drawnAt);
  try {
    const user = await fetchCurrentUser();
    if (!user) return null;
    setCurrentUser(user);
    await activateLanguage(language, 'nav');
    const page = (
      <Router ssrPath={pagePath} ssrSearch={search}>
        <AppRoot />
      </Router>
    );
    for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
      await loadScreens(page);
      const asked = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && isEnabled(query));
      if (asked.length === 0) {
        const failed = queryClient
          .getQueryCache()
          .getAll()
          .some((query) => query.state.status === 'error');
        const markup = drawn(page);
        return failed || !markup
          ? null
          : { markup, state: { user, drawnAt: drawnAt.toISOString(), queries: dehydrate(queryClient) } };
      }
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    }
    return null;
  } finally {
    queryClient.clear();
    setCurrentUser(null);
    setApiTransport(null);
    setDrawnAt(null);
  }
}

/**
 * Renders the page once to its end, so that every lazily loaded screen it shows has loaded and every
 * query it asks is in the cache (renderToString would stop at their spinners).
 */
async function loadScreens(page: ReactNode): Promise<void> {
  const { prelude } = await prerender(page);
  await new Response(prelude).arrayBuffer();
}

/**
 * The page, drawn in one piece now that nothing it shows is still loading: `prerender`'s own markup
 * would send a part that had to wait after its spinner, with an inline script to swap them, which the
 * page's CSP refuses. Null should anything still wait (a boundary left pending). Without style
 * attributes: the CSP refuses them in markup (the browser app sets styles through the DOM, which it
 * allows). The only ones drawn are Radix's on tabs: no outline on the tab list, whose class says so
 * too, and no animation on a tab's first frame.
 */
function drawn(page: ReactNode): string | null {
  const markup = renderToString(page);
  if (markup.includes('<!--$?-->') || markup.includes('<!--$!-->')) return null;
  // React writes every `"` of an attribute's value or a text as `&quot;`: this matches attributes only.
  return markup.replaceAll(/ style="[^"]*"/g, '');
}

/** Whether the screen would fetch this query now (`enabled`, as TanStack Query reads it). */
function isEnabled(query: Query): boolean {
  if (query.options.queryFn === skipToken) return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}
