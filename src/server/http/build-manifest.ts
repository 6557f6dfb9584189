import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest, by the source module it was made from. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export type BuildManifest = Readonly<Record<string, ManifestChunk>>;

/** The browser app's build manifest (dist/client/.vite); null without one (a test's stand-in app). */
export function readBuildManifest(clientDir: string): BuildManifest | null {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest;
}
