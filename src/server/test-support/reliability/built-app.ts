import { spawnSync } from 'node:child_process';
import { staleBuildReason } from '#scripts/lighthouse/build.mjs';
import { projectPath } from '#server/project-path.ts';

/**
 * The build in dist/, for tests that run the app as `npm start` does. `npm test` runs Vitest before it
 * builds, so a test that needs the build makes it when it is missing or older than its sources (about
 * as long as starting the server), by the same rule as `npm run lighthouse`. Throws with the build's
 * output when it fails.
 */
export function ensureBuild(): void {
  const reason = staleBuildReason(projectPath('.'));
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
