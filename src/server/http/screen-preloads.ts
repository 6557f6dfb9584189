import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The public screens a visitor often opens first, by path, with the source module of their lazily
 * loaded code (a key of Vite's build manifest). The sign-in page is where an e-mailed estimate link
 * sends a signed-out customer.
 */
const FIRST_SCREENS: Readonly<Record<string, string>> = {
  '/auth': 'features/auth/auth-page.tsx',
  '/about': 'features/about/about-page.tsx',
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * For each of those paths, the `<link rel="modulepreload">` tags of the screen's own chunks: the
 * browser then fetches them together with the app's entry, rather than only once the entry has run
 * and asked for the screen. Chunks the entry imports are already preloaded by index.html. Without a
 * build manifest (a test's stand-in app) there is nothing to add.
 */
export function screenPreloads(clientDir: string): Map<string, string> {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const result = new Map<string, string>();
  if (!existsSync(manifestFile)) return result;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

  const withImports = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return into;
    into.add(key);
    for (const next of chunk.imports ?? []) withImports(next, into);
    return into;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedByEntry = new Set(entries.flatMap((key) => [...withImports(key)]));

  for (const [pagePath, screen] of Object.entries(FIRST_SCREENS)) {
    const tags = [...withImports(screen)]
      .filter((key) => !loadedByEntry.has(key))
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]?.file}">`);
    if (tags.length > 0) result.set(pagePath, tags.join(''));
  }
  return result;
}
