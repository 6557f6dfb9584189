import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HERO_IMAGE } from '#domain/hero-image.ts';

/**
 * The signed-out pages a visitor most often opens first: a search or a link lands on them with
 * nothing cached, so what their first screen needs comes in the page itself.
 */
export const FIRST_VISIT_PAGES: ReadonlySet<string> = new Set(['/', '/about', '/auth']);
/** Pages whose largest first-screen element is the hero photo. */
const HERO_PAGES: ReadonlySet<string> = new Set(['/', '/about']);

/**
 * What the signed-out `pagePath` gets in its head so its first screen paints without waiting:
 * the app's stylesheet written into the page (see inlineStylesheet) and, where the hero photo is
 * the largest element, a preload of it. `html` is the page as index.html makes it.
 */
export function forFirstVisit(html: string, pagePath: string, clientDir: string): string {
  if (!FIRST_VISIT_PAGES.has(pagePath)) return html;
  const inlined = inlineStylesheet(html, clientDir);
  return HERO_PAGES.has(pagePath) ? withHeroPreload(inlined) : inlined;
}

/**
 * The hero photo is drawn by the browser app, so the browser would find it only once the app's code
 * has run. Named in the head, with the img's own srcset and sizes (the browser picks the same
 * candidate) and a high priority, it downloads alongside that code. Placed before the scripts, so
 * the preload scanner asks for it first.
 */
export function withHeroPreload(html: string): string {
  const tag =
    `<link rel="preload" as="image" href="${HERO_IMAGE.src}" imagesrcset="${HERO_IMAGE.srcSet}"` +
    ` imagesizes="${HERO_IMAGE.sizes}" fetchpriority="high">`;
  const firstScript = html.indexOf('<script');
  const at = firstScript >= 0 ? firstScript : html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${tag}${html.slice(at)}`;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

/**
 * Replaces the app's stylesheet link with a `<style>` holding the same rules. The whole stylesheet
 * (about 11 KB gzipped) rides in the page's first round trips together with the HTML, which saves
 * the request the browser would otherwise wait for before painting and before running the app's
 * code (module scripts wait for pending stylesheets). It is not split into a first-screen part and a
 * rest: the rest would have to load later, and hover, focus and wider layouts would flash unstyled
 * or shift until it did. The server gives the `<style>` the page's CSP nonce (security-headers.ts).
 */
export function inlineStylesheet(html: string, clientDir: string): string {
  const match = STYLESHEET_LINK.exec(html);
  const file = match?.[1] && path.join(clientDir, match[1]);
  if (!match || !file || !existsSync(file)) return html;
  const css = readFileSync(file, 'utf8');
  // Could end the element early; the link then stays.
  if (/<\/style/i.test(css)) return html;
  // The link stays, for no media: the browser fetches it last, for the next pages' cache, and applies
  // nothing from it. The app's lazily loaded screens name this stylesheet among their needs, and
  // Vite's loader adds (and waits for) any stylesheet the page has no link to.
  const idleLink = match[0].replace('<link rel="stylesheet"', '<link rel="stylesheet" media="not all"');
  return html.replace(match[0], () => `<style>${css}</style>${idleLink}`);
}
