import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { LANGUAGES, type Language } from '#domain/language.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { readBuildManifest } from './build-manifest.ts';

const run = promisify(execFile);

/**
 * The landing page in every language, as `src/client/prerender.tsx` renders it, and the script that
 * starts the app on it.
 */
export interface PrerenderedLanding {
  markup: Readonly<Record<Language, string>>;
  startScript: string;
}

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
 * The landing page prerendered for the shop, from the build's prerender module (dist/prerender beside
 * dist/client); null when the build has none (a test's stand-in app).
 */
export async function prerenderLanding(
  clientDir: string,
  shop: ShopInfo,
): Promise<PrerenderedLanding | null> {
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
      JSON.stringify(LANGUAGES),
      JSON.stringify(shop),
    ],
    { maxBuffer: 8 * 1024 * 1024 },
  );
  return { markup: JSON.parse(stdout) as PrerenderedLanding['markup'], startScript };
}

/** Vite's build manifest key of the landing page's first script (src/client/landing-start.ts). */
const LANDING_START = 'landing-start.ts';

/** The URL of the landing page's first script in this build; null when the build has none. */
function landingStartScript(clientDir: string): string | null {
  const chunk = readBuildManifest(clientDir)?.[LANDING_START];
  return chunk ? `/${chunk.file}` : null;
}

const APP_CODE_TAG = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * The page with the landing page's markup in its root element, for the browser app to hydrate. Its
 * first screen needs no script: the app's scripts and preloads move into `<template id="app-code">`
 * at the end of the body, and the page loads only `startScript`, which adds them once the hero photo
 * is on screen (docs/decisions/056-landing-code-after-the-photo.md).
 */
export function withPrerenderedRoot(html: string, landing: PrerenderedLanding, language: Language): string {
  const appCode = html.match(APP_CODE_TAG) ?? [];
  return html
    .replace(APP_CODE_TAG, '')
    .replace('</head>', () => `<script type="module" src="${landing.startScript}"></script></head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${landing.markup[language]}</div>`)
    .replace('</body>', () => `<template id="app-code">${appCode.join('')}</template></body>`);
}
