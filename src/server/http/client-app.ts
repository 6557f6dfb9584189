import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isClientRoute } from '#domain/client-routes.ts';
import { isLanguage, LANGUAGE_PARAM, LANGUAGES, type Language } from '#domain/language.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { isDrawnSignedIn } from '#domain/signed-in-page.ts';
import { SESSION_COOKIE } from '#server/sessions/session-store.ts';
import { FIRST_VISIT_PAGES, forFirstVisit } from './first-paint.ts';
import {
  drawnInAnotherYear,
  prerenderPages,
  queryKeepsPrerender,
  withPrerenderedRoot,
} from './prerendered-pages.ts';
import { requestCookie } from './request-cookies.ts';
import { setLanguageCookie, visitorLanguage } from './request-language.ts';
import { PRELOADED_PATHS, pagePreloads, screenDataPreloads, signedInScreen } from './screen-preloads.ts';
import { signedInPageRenderer } from './signed-in-pages.ts';

/**
 * What a feature says about one of its page paths before the app's HTML is sent: whether the page
 * exists (a client route whose data is gone, such as a revoked link, is answered 404), and any headers
 * of its own. Null when the path is not that feature's.
 */
export type PageGuard = (
  pathname: string,
) => Promise<{ found: boolean; headers?: Record<string, string> } | null>;

const HOUR_MS = 60 * 60 * 1000;

interface Page {
  html: string;
  signedOutHtml: string;
  /** The signed-out page without its prerendered first screen: for a query the prerender did not draw. */
  signedOutDrawnHtml: string;
}

/**
 * Serves the built browser app: hashed assets cached for a year, and index.html (with the shop's
 * details written in) for every page path, so one build serves any shop configuration. The page is
 * in the visitor's language (`<html lang>`, which the browser app reads, and that language's
 * catalogs named up front): every variant, per language and first screen, is made once at start.
 */
export async function registerClientApp(
  app: FastifyInstance,
  clientDir: string,
  shop: ShopInfo,
  pageGuards: readonly PageGuard[] = [],
): Promise<void> {
  const html = renderIndexHtml(readFileSync(path.join(clientDir, 'index.html'), 'utf8'), shop);
  const preloads = pagePreloads(clientDir);
  // Without them the app draws these pages in the browser, as every other page.
  const failedPrerender = (error: unknown) => {
    app.log.error({ err: error }, "The first pages' prerender failed; the browser app will draw them");
    return null;
  };
  let prerendered = await prerenderPages(clientDir, shop).catch(failedPrerender);
  const page = (language: Language, pagePath: string | null): Page => {
    const inLanguage = withLanguage(html, language);
    const written = inLanguage.replace('</head>', `${preloads(language, pagePath, true)}</head>`);
    // The signed-out pages a visitor lands on first carry what their first paint needs (first-paint.ts),
    // and their first screen is in the HTML itself (prerendered-pages.ts).
    const signedOut = markSignedOut(
      inLanguage.replace('</head>', `${preloads(language, pagePath, false)}</head>`),
    );
    const withScreen =
      pagePath && prerendered ? withPrerenderedRoot(signedOut, prerendered, pagePath, language) : signedOut;
    const firstVisit = (page: string) => (pagePath ? forFirstVisit(page, pagePath, clientDir) : page);
    return {
      html: written,
      signedOutHtml: firstVisit(withScreen),
      signedOutDrawnHtml: firstVisit(signedOut),
    };
  };
  const renderSignedIn = signedInPageRenderer(app, clientDir, shop);
  /**
   * A signed-in screen drawn with the visitor's data, or null: the page the browser app draws is sent
   * then (signed out, not a drawn screen, or the renderer failed).
   */
  const drawnSignedIn = async (request: FastifyRequest, html: string, pathname: string, query = '') => {
    if (!renderSignedIn || !isDrawnSignedIn(pathname, new URLSearchParams(query))) return null;
    try {
      const search = query ? `?${query}` : '';
      return await renderSignedIn(request, html, pathname, search, visitorLanguage(request));
    } catch (error) {
      request.log.error({ err: error }, 'A signed-in page could not be drawn; the browser app will draw it');
      return null;
    }
  };
  const pages = new Map<string, Page>();
  const writePages = () => {
    for (const language of LANGUAGES) {
      pages.set(pageKey(language, null), page(language, null));
      for (const pagePath of new Set([...PRELOADED_PATHS, ...FIRST_VISIT_PAGES])) {
        pages.set(pageKey(language, pagePath), page(language, pagePath));
      }
    }
  };
  writePages();
  // Drawn at start, the first pages say the year they were drawn in: once the shop's year turns, they
  // are drawn again (until they are, the app corrects the year once it has taken the page over).
  let redrawing = false;
  const redrawInNewYear = () => {
    if (redrawing || !prerendered || !drawnInAnotherYear(prerendered.drawnAt)) return;
    redrawing = true;
    void prerenderPages(clientDir, shop)
      .catch(failedPrerender)
      .then((fresh) => {
        if (!fresh) {
          // Tried again an hour later, not on every request.
          setTimeout(() => {
            redrawing = false;
          }, HOUR_MS).unref();
          return;
        }
        prerendered = fresh;
        writePages();
        redrawing = false;
      });
  };

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: false,
    // The build writes a Brotli and a gzip copy beside each text asset (scripts/vite/precompressed-assets.ts):
    // sent as they are when the browser accepts them, never compressed again per request.
    preCompressed: true,
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : cacheControlOf(filePath),
      );
    },
  });

  app.get('/*', async (request, reply) => {
    const [pathname = '/', query] = request.url.split('?');
    if (pathname.startsWith('/api/')) return reply.callNotFound();
    redrawInNewYear();
    const params = new URLSearchParams(query);
    const chosenLanguage = params.get(LANGUAGE_PARAM);
    if (chosenLanguage !== null) return rememberLanguage(request, reply, chosenLanguage);
    const mayBeSignedIn = Boolean(requestCookie(request, SESSION_COOKIE));
    const language = visitorLanguage(request);
    const chosen =
      pages.get(pageKey(language, pathname)) ??
      pages.get(pageKey(language, mayBeSignedIn ? signedInScreen(pathname) : null)) ??
      (pages.get(pageKey(language, null)) as Page);
    let found = isClientRoute(pathname);
    let ownHeaders: Record<string, string> = {};
    for (const guard of found ? pageGuards : []) {
      const answer = await guard(pathname);
      if (!answer) continue;
      found = answer.found;
      ownHeaders = answer.headers ?? {};
      break;
    }
    const drawn = mayBeSignedIn ? await drawnSignedIn(request, chosen.html, pathname, query) : null;
    return (
      reply
        .code(found ? 200 : 404)
        // A page drawn with the visitor's own data is stored nowhere, as the API's answers it holds.
        .header('cache-control', drawn ? 'private, no-store' : 'no-cache')
        // The session cookie and the lang cookie, or the browser's language, choose the page.
        .header('vary', 'Cookie, Accept-Language')
        .headers(ownHeaders)
        .type('text/html; charset=utf-8')
        .send(
          drawn ??
            (mayBeSignedIn
              ? withDataPreloads(chosen.html, pathname)
              : queryKeepsPrerender(pathname, params)
                ? chosen.signedOutHtml
                : chosen.signedOutDrawnHtml),
        )
    );
  });
}

/**
 * `?lang=` on a page (the language switch before the app has taken the page over, or without
 * script): a language of the app's becomes the visitor's choice; the same page follows, without it.
 */
function rememberLanguage(request: FastifyRequest, reply: FastifyReply, chosen: string) {
  if (isLanguage(chosen)) setLanguageCookie(request, reply, chosen);
  const url = new URL(request.url, 'http://page');
  url.searchParams.delete(LANGUAGE_PARAM);
  // Never `//host`: the browser would read that as another site.
  const path = url.pathname.replace(/^\/+/, '/');
  return reply.header('cache-control', 'no-store').redirect(`${path}${url.search}`, 303);
}

/**
 * The service worker, its Workbox runtime and the manifest are checked on every visit: an old copy held
 * by a cache would keep a new deploy from ever being offered (the update prompt).
 */
export function cacheControlOf(filePath: string): string {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  const alwaysChecked =
    name === 'sw.js' || /^workbox-[\w-]+\.js$/.test(name) || name === 'manifest.webmanifest';
  return alwaysChecked ? 'no-cache' : 'public, max-age=3600';
}

export function renderIndexHtml(template: string, shop: ShopInfo): string {
  // A JSON data block is never executed, so it needs no script permission from the CSP.
  const json = JSON.stringify(shop).replaceAll('<', '\\u003c');
  return template
    .replaceAll('{{SHOP_NAME}}', escapeHtml(shop.name))
    .replace('</head>', `<script id="shop-config" type="application/json">${json}</script></head>`);
}

function withDataPreloads(html: string, pathname: string): string {
  const tags = screenDataPreloads(pathname);
  return tags ? html.replace('</head>', `${tags}</head>`) : html;
}

const pageKey = (language: Language, pagePath: string | null) => `${language} ${pagePath ?? '*'}`;

/**
 * `<html lang>`: the browser app reads the page's language there (src/client/i18n/i18n.ts);
 * `data-lang-chosen` tells it the server chose it (without it, as under `npm run dev`, it decides itself).
 */
export function withLanguage(html: string, language: Language): string {
  return html.replace(/<html(?:\s+lang="[^"]*")?/, `<html lang="${language}" data-lang-chosen`);
}

/**
 * Without a session cookie the visitor is certainly signed out: the page says so, and the browser app
 * draws the page at once instead of first asking /api/auth/user (and logging its 401).
 */
export function markSignedOut(html: string): string {
  return html.replace('</head>', '<meta name="session" content="none"></head>');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
