// `npm start`: builds once when there is no build yet, then runs the server (which migrates the database).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { restartWithTwoMallocArenas } from './malloc-arenas.mjs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode('The shop app');
restartWithTwoMallocArenas();

const built = existsSync('dist/client/index.html') && existsSync('dist/server/main.js');
if (!built) {
  console.log('No build found: building the app once (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../dist/server/main.js');
