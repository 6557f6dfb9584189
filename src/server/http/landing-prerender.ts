import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { LANGUAGES, type Language } from '#domain/language.ts';
import type { ShopInfo } from '#domain/shop.ts';

const run = promisify(execFile);

/** The landing page's markup per language, as `src/client/prerender.tsx` renders it. */
export type LandingMarkup = Readonly<Record<Language, string>>;

/**
 * Runs in a process of its own that ends once the pages are rendered: React's server renderer and the
 * app's code are needed once at start, and a process gives all their memory back (a worker thread
 * left some 12 MB with the server).
 */
const RENDER_IN_CHILD = `
const [moduleUrl, languages, shop] = process.argv.slice(1);
const { renderLandingPage } = await import(moduleUrl);
const pages = {};
for (const language of JSON.parse(languages)) pages[language] = await renderLandingPage(language, JSON.parse(shop));
process.stdout.write(JSON.stringify(pages));
`;

/**
 * The landing page prerendered for the shop, in every language, from the build's prerender module
 * (dist/prerender beside dist/client); null when the build has none (a test's stand-in app).
 */
export async function prerenderLanding(clientDir: string, shop: ShopInfo): Promise<LandingMarkup | null> {
  const module = path.join(clientDir, '..', 'prerender', 'prerender.js');
  if (!existsSync(module)) return null;
  const { stdout } = await run(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      RENDER_IN_CHILD,
      pathToFileURL(module).href,
      JSON.stringify(LANGUAGES),
      JSON.stringify(shop),
    ],
    { maxBuffer: 8 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LandingMarkup;
}

/**
 * The page with the landing page's markup in its root element, for the browser app to hydrate. Its
 * first screen needs no script, so the app's code and words are fetched at low priority: the hero
 * photo comes first, and what makes the page interactive right after.
 */
export function withPrerenderedRoot(html: string, markup: string): string {
  return html
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
    .replaceAll('<script type="module"', '<script type="module" fetchpriority="low"')
    .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
}
