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

/**
 * The screens behind the sign-in that are opened straight from a link or the home screen (an e-mailed
 * quote, the front desk's tab): a signed-in visitor's page names their code and words up front too,
 * with what every signed-in page needs (src/client/app.tsx: the navigation bar, the account's schema,
 * TanStack Query). Keyed by the route's pattern (`signedInScreen`).
 */
const SIGNED_IN_SCREENS: Readonly<Record<string, { module: string; catalogs: readonly string[] }>> = {
  '/estimate/:id': { module: 'features/estimate-detail/estimate-detail-page.tsx', catalogs: ['estimate'] },
  '/dashboard': { module: 'features/dashboard/dashboard-page.tsx', catalogs: ['home'] },
  '/admin': { module: 'features/admin-dashboard/admin-page.tsx', catalogs: [] },
};
const SIGNED_IN_MODULES = [
  'components/layout/nav-bar.tsx',
  '../domain/public-user.ts',
  'lib/query-scope.tsx',
];
const SIGNED_IN_CATALOGS = ['nav'];

/** The pattern of a signed-in screen above that `pathname` opens, or null. */
export function signedInScreen(pathname: string): string | null {
  if (/^\/estimate\/[^/]+$/.test(pathname)) return '/estimate/:id';
  return Object.hasOwn(SIGNED_IN_SCREENS, pathname) ? pathname : null;
}

const ESTIMATE_PAGE = /^\/estimate\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The data a signed-in screen asks for first, asked with the page (`<link rel="preload" as="fetch">`,
 * matching the app's own requests so that they are answered from it): the estimate and its messages
 * on an estimate's page. Empty on any other page.
 */
export function screenDataPreloads(pathname: string): string {
  const id = ESTIMATE_PAGE.exec(pathname)?.[1];
  if (!id) return '';
  return [`/api/estimates/${id}`, `/api/estimates/${id}/messages`]
    .map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`)
    .join('');
}

/** The paths (and patterns) whose pages name chunks of their own; any other page names only the common catalog. */
export const PRELOADED_PATHS: readonly string[] = [
  ...new Set([
    ...Object.keys(FIRST_SCREENS),
    ...Object.keys(PAGE_CATALOGS),
    ...Object.keys(SIGNED_IN_SCREENS),
  ]),
];

/**
 * `<link rel="modulepreload">` tags for a page: its language's common catalog, and on the paths
 * above the screen's own chunks and catalogs. The browser then fetches them together with the app's
 * entry, rather than only once the entry has run and asked for them, and asked again for what they
 * import. Chunks the entry imports are already preloaded by index.html. `pagePath` null: any other
 * page. A signed-in page also names what only signed-in pages load, and starts the question of who
 * is signed in (`/api/auth/user`, as the app asks it) with the page. Without a build manifest (a
 * test's stand-in app) there is nothing to add but that.
 */
export function pagePreloads(
  clientDir: string,
): (language: Language, pagePath: string | null, signedIn: boolean) => string {
  const manifest = readBuildManifest(clientDir);
  const currentUser = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/user">';
  if (!manifest) return (_language, _pagePath, signedIn) => (signedIn ? currentUser : '');

  const withImports = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return into;
    into.add(key);
    for (const next of chunk.imports ?? []) withImports(next, into);
    return into;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedByEntry = new Set(entries.flatMap((key) => [...withImports(key)]));

  return (language, pagePath, signedIn) => {
    const modules = [catalogModule(language, 'common')];
    const namespaces = pagePath === null ? [] : (PAGE_CATALOGS[pagePath] ?? []);
    for (const namespace of namespaces) modules.push(catalogModule(language, namespace));
    const screen = pagePath === null ? undefined : FIRST_SCREENS[pagePath];
    if (screen) modules.push(screen);
    const ownScreen = signedIn && pagePath !== null ? SIGNED_IN_SCREENS[pagePath] : undefined;
    if (ownScreen) {
      modules.push(ownScreen.module, ...SIGNED_IN_MODULES);
      for (const namespace of [...ownScreen.catalogs, ...SIGNED_IN_CATALOGS]) {
        modules.push(catalogModule(language, namespace));
      }
    }
    const chunks = new Set(modules.flatMap((module) => [...withImports(module)]));
    const tags = [...chunks]
      .filter((key) => !loadedByEntry.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`)
      .join('');
    return signedIn ? currentUser + tags : tags;
  };
}
