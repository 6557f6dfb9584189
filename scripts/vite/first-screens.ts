import type { Plugin } from 'vite';

const LUCIDE_ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
const LUCIDE_INDEX = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/**
 * What the public pages a visitor lands on first (the landing page, About, sign-in) share. Each is a
 * lazily loaded screen, and what they import is imported by other screens in other combinations too:
 * left to the bundler, every icon and small helper they use becomes a chunk of its own (28 scripts on
 * `/`, each with its own import and export lines and hashed names: 5 KB more gzipped than the same
 * code in one file). The plugin records which of those pages import each module (statically) once the
 * graph is complete, so that what more than one of them imports, and the icons any of them draws, go
 * into one chunk (`sharedByFirstScreens`). One chunk, not one per set of pages sharing: those import
 * each other, and every page ended up loading most of them.
 *
 * Those pages import icons one by one (`lucide-react/icons/<name>`): through lucide's index every
 * icon of the app would look imported.
 */
export function firstScreens(screens: readonly RegExp[]) {
  const isScreen = (id: string) => screens.some((screen) => screen.test(id));
  /** For each module, which of those pages import it: a bit per page. */
  const reachedBy = new Map<string, number>();
  const plugin: Plugin = {
    name: 'first-screens',
    apply: 'build',
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const screen = screens.findIndex((pattern) => pattern.test(id));
        if (screen < 0) continue;
        const seen = new Set<string>();
        const visit = (moduleId: string, from: string) => {
          if (seen.has(moduleId)) return;
          if (LUCIDE_INDEX.test(moduleId)) {
            this.warn(
              `${from} imports lucide-react's index: import its icons from 'lucide-react/icons/<name>'`,
            );
            return;
          }
          seen.add(moduleId);
          // Static imports only: what a screen imports lazily is loaded when it asks.
          for (const next of this.getModuleInfo(moduleId)?.importedIds ?? []) visit(next, moduleId);
        };
        visit(id, id);
        for (const moduleId of seen) reachedBy.set(moduleId, (reachedBy.get(moduleId) ?? 0) | (1 << screen));
      }
    },
  };
  /** What more than one of those pages imports, and the icons any of them draws. */
  const sharedByFirstScreens = (id: string): boolean => {
    if (isScreen(id)) return false;
    const pages = reachedBy.get(id) ?? 0;
    const several = (pages & (pages - 1)) !== 0;
    return several || (pages !== 0 && LUCIDE_ICON.test(id));
  };
  return { plugin, sharedByFirstScreens };
}
