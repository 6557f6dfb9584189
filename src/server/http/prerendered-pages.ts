import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { LANGUAGES, type Language } from '#domain/language.ts';
import { type ShopInfo, shopYear } from '#domain/shop.ts';
import { readBuildManifest } from './build-manifest.ts';

const run = promisify(execFile);

/** The public pages a visitor lands on first, which the server writes with their first screen drawn. */
export const PRERENDERED_PAGES = ['/', '/about', '/auth'] as const;
type PrerenderedPage = (typeof PRERENDERED_PAGES)[number];
const isPrerendered = (pagePath: string): pagePath is PrerenderedPage =>
  (PRERENDERED_PAGES as readonly string[]).includes(pagePath);

/**
 * Those pages in every language, as `src/client/prerender.tsx` renders them, and the script that starts
 * the app on them once their first screen is painted (src/client/landing-start.ts).
 */
export interface PrerenderedPages {
  markup: Readonly<Record<PrerenderedPage, Readonly<Record<Language, string>>>>;
  startScript: string;
  /** When they were drawn: the year in their footer and the years in business are read at it. */
  drawnAt: Date;
}

/**
 * Runs in a process of its own that ends once the pages are rendered: React's server renderer and the
 * app's code are needed once at start, and a process gives all their memory back (a worker thread
 * left some 12 MB with the server).
 */
const RENDER_IN_CHILD = `
const [moduleUrl, pagePaths, languages, shop, drawnAt] = process.argv.slice(1);
const { renderFirstScreen } = await import(moduleUrl);
const pages = {};
for (const pagePath of JSON.parse(pagePaths)) {
  pages[pagePath] = {};
  for (const language of JSON.parse(languages)) {
    pages[pagePath][language] = await renderFirstScreen(pagePath, language, JSON.parse(shop), drawnAt);
  }
}
process.stdout.write(JSON.stringify(pages));
`;

/**
 * The first pages prerendered for the shop, from the build's prerender module (dist/prerender beside
 * dist/client); null when the build has none (a test's stand-in app).
 */
export async function prerenderPages(
  clientDir: string,
  shop: ShopInfo,
  drawnAt = new Date(),
): Promise<PrerenderedPages | null> {
  const module = path.join(clientDir, '..', 'prerender', 'prerender.js');
  const startScript = landingStartScript(clientDir);
  if (!existsSync(module) || !startScript) return null;
  const { stdout } = await run(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      RENDER_IN_CHILD,
      pathToFileURL(module).href,
      JSON.stringify(PRERENDERED_PAGES),
      JSON.stringify(LANGUAGES),
      JSON.stringify(shop),
      drawnAt.toISOString(),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return { markup: JSON.parse(stdout) as PrerenderedPages['markup'], startScript, drawnAt };
}

/**
 * Whether pages drawn at `drawnAt` are out of date at `now`: the shop's year has turned since ("©
 * 2026", "33 years in business"). The browser app corrects them once it has the page; the server
 * draws them again for the next visitors, and for browsers without script.
 */
export function drawnInAnotherYear(drawnAt: Date, now = new Date()): boolean {
  return shopYear(now) !== shopYear(drawnAt);
}

/**
 * Whether the page the prerender drew is the page this query asks for. Only the sign-in page reads its
 * query as it draws (src/client/features/auth/auth-page.tsx): the sign-up tab and the e-mailed
 * set-password link are other forms, drawn by the browser app.
 */
export function queryKeepsPrerender(pagePath: string, query: URLSearchParams): boolean {
  if (pagePath !== '/auth') return true;
  return query.get('tab') !== 'register' && !query.has('token');
}

/** Vite's build manifest key of those pages' first script (src/client/landing-start.ts). */
const LANDING_START = 'landing-start.ts';

/** The URL of that first script in this build; null when the build has none. */
export function landingStartScript(clientDir: string): string | null {
  const chunk = readBuildManifest(clientDir)?.[LANDING_START];
  return chunk ? `/${chunk.file}` : null;
}

const APP_CODE_TAG = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * The page with its prerendered markup in the root element, for the browser app to hydrate; the page
 * as it is for a path that is not prerendered. Its first screen needs no script: the app's scripts and
 * preloads move into `<template id="app-code">` at the end of the body, and the page loads only
 * `startScript`, which adds them once the first screen is painted (the hero photo where there is one).
 * Named in the head, the app's 90 KB of script would share a slow line with what the first paint needs.
 */
export function withPrerenderedRoot(
  html: string,
  pages: PrerenderedPages,
  pagePath: string,
  language: Language,
): string {
  if (!isPrerendered(pagePath)) return html;
  // The time it was drawn at is what the app takes the page over with (src/client/lib/clock.ts).
  return withCodeAfterFirstPaint(html, pages.startScript).replace(
    '<div id="root"></div>',
    () =>
      `<div id="root" data-drawn-at="${pages.drawnAt.toISOString()}">${pages.markup[pagePath][language]}</div>`,
  );
}

/**
 * A page whose first screen is in its HTML, loading only `startScript` (src/client/landing-start.ts) at
 * first: the app's scripts and preloads wait in `<template id="app-code">` for the first paint.
 */
export function withCodeAfterFirstPaint(html: string, startScript: string): string {
  const appCode = html.match(APP_CODE_TAG) ?? [];
  return html
    .replace(APP_CODE_TAG, '')
    .replace('</head>', () => `<script type="module" src="${startScript}"></script></head>`)
    .replace('</body>', () => `<template id="app-code">${appCode.join('')}</template></body>`);
}
