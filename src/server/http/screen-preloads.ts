import type { Language } from '#domain/language.ts';
import { readBuildManifest } from './build-manifest.ts';

/**
 * The public screens a visitor often opens first, by path, with the source module of their lazily
 * loaded code (a key of Vite's build manifest). The sign-in page is where an e-mailed estimate link
 * sends a signed-out customer; the landing page's code is needed to take over its prerendered markup.
 */
const FIRST_SCREENS: Readonly<Record<string, string>> = {
  '/': 'features/landing/landing-page.tsx',
  '/auth': 'features/auth/auth-page.tsx',
  '/about': 'features/about/about-page.tsx',
};

/**
 * The message catalogs (src/client/i18n/locales) of those first screens; every page also needs the
 * `common` one. Each is a chunk of its own per language, loaded once the entry runs: named up front,
 * the page's words arrive with its code instead of after it.
 */
const PAGE_CATALOGS: Readonly<Record<string, readonly string[]>> = {
  '/': ['landing'],
  '/auth': ['auth'],
  '/about': ['about', 'photos'],
};
const catalogModule = (language: Language, namespace: string) => `i18n/locales/${language}/${namespace}.json`;

/** The paths whose pages name chunks of their own; any other page names only the common catalog. */
export const PRELOADED_PATHS: readonly string[] = [
  ...new Set([...Object.keys(FIRST_SCREENS), ...Object.keys(PAGE_CATALOGS)]),
];

/**
 * `<link rel="modulepreload">` tags for a page: its language's common catalog, and on the paths
 * above the screen's own chunks and catalog. The browser then fetches them together with the app's
 * entry, rather than only once the entry has run and asked for them. Chunks the entry imports are
 * already preloaded by index.html. `pagePath` null: any other page. Without a build manifest (a
 * test's stand-in app) there is nothing to add.
 */
export function pagePreloads(clientDir: string): (language: Language, pagePath: string | null) => string {
  const manifest = readBuildManifest(clientDir);
  if (!manifest) return () => '';

  const withImports = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return into;
    into.add(key);
    for (const next of chunk.imports ?? []) withImports(next, into);
    return into;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedByEntry = new Set(entries.flatMap((key) => [...withImports(key)]));

  return (language, pagePath) => {
    const modules = [catalogModule(language, 'common')];
    const namespaces = pagePath === null ? [] : (PAGE_CATALOGS[pagePath] ?? []);
    for (const namespace of namespaces) modules.push(catalogModule(language, namespace));
    const screen = pagePath === null ? undefined : FIRST_SCREENS[pagePath];
    if (screen) modules.push(screen);
    const chunks = new Set(modules.flatMap((module) => [...withImports(module)]));
    return [...chunks]
      .filter((key) => !loadedByEntry.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`)
      .join('');
  };
}
