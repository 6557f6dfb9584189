import { spawnSync } from 'node:child_process';
import { staleBuildReason } from '#scripts/lighthouse/build.mjs';
import { projectPath } from '#server/project-path.ts';

/**
 * The build in dist/, which the process tests run as `npm start` does: the global set-up of their
 * Vitest projects, once before their files. `npm test` builds first, so there it finds the build
 * current; run on their own, they make it when it is missing or older than its sources, by the same
 * rule as `npm run lighthouse`. Throws with the build's output when it fails.
 */
export default function ensureBuild(): void {
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
