import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectPath } from '#server/project-path.ts';

/**
 * The build in dist/, for tests that run the app as `npm start` does. `npm test` runs Vitest before it
 * builds, so a test that needs the build makes it when it is missing or older than its sources (about
 * as long as starting the server). The same rule as scripts/lighthouse/build.mjs.
 */
const BUILD_OUTPUTS = ['dist/client/index.html', 'dist/client/.vite/manifest.json', 'dist/server/main.js'];
const BUILD_INPUTS = [
  'src',
  'public',
  'vite.config.ts',
  'scripts/build-server.mjs',
  'package.json',
  'package-lock.json',
];

/** Why a build is needed, or null when dist/ is up to date. */
export function staleBuildReason(): string | null {
  const outputs = BUILD_OUTPUTS.map((file) => projectPath(file));
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${path.relative(projectPath('.'), missing)} is missing`;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changed = BUILD_INPUTS.find((input) => newestMtime(projectPath(input)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

/** Runs `npm run build` when dist/ is missing or stale; throws with the build's output when it fails. */
export function ensureBuild(): void {
  const reason = staleBuildReason();
  if (!reason) return;
  // Vitest's own NODE_ENV (test) would give a development build of React.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: projectPath('.'),
    env: { ...env, NODE_ENV: 'production' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) {
    throw new Error(`npm run build failed (${reason}):\n${result.stdout}\n${result.stderr}`);
  }
}

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}
