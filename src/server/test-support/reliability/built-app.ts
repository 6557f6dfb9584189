import { ensureBuild } from '#scripts/lighthouse/build.mjs';
import { projectPath } from '#server/project-path.ts';

/**
 * The build in dist/, which the process tests run as `npm start` does: the global set-up of their
 * Vitest projects, once before their files. `npm test` builds first, so there it finds the build
 * current; run on their own, they make it when it is missing or older than its sources, by the same
 * rule as `npm run lighthouse`.
 */
export default function ensureCurrentBuild(): void {
  ensureBuild(projectPath('.'));
}
