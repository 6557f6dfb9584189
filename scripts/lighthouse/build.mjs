// Builds the app when dist/ is missing or older than any source it is built from (for Lighthouse and
// the process tests).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const BUILD_OUTPUTS = [
  'dist/client/index.html',
  'dist/client/.vite/manifest.json',
  'dist/prerender/prerender.js',
  'dist/server/main.js',
];
const BUILD_INPUTS = [
  'src',
  'public',
  'vite.config.ts',
  'scripts/build-server.mjs',
  'scripts/server-build-options.mjs',
  'package.json',
  'package-lock.json',
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Returns why a build is needed, or null when dist/ is up to date. */
export function staleBuildReason(root) {
  const outputs = BUILD_OUTPUTS.map((file) => path.join(root, file));
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changed = BUILD_INPUTS.find((input) => newestMtime(path.join(root, input)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

export function ensureBuild(root) {
  const reason = staleBuildReason(root);
  if (!reason) {
    console.log('Using the existing build in dist/ (up to date).');
    return;
  }
  console.log(`Building the app (${reason})…`);
  // A production build whoever asks: Vitest's NODE_ENV (test), when its set-up asks, would give a
  // development build of React.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('npm run build failed');
}
