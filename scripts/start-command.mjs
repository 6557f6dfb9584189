// package.json's start script, for whatever runs the built server as `npm start` does (the benchmark,
// the reliability tests): read from there so its node options are written down once.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** `node <options> <script>` split into the node options and the script (`scripts/start.mjs`). */
export function startCommand(root) {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const [command, ...args] = (scripts.start ?? '').trim().split(/\s+/);
  const script = args.pop();
  if (command !== 'node' || !script) throw new Error(`npm start no longer runs node: ${scripts.start}`);
  return { nodeOptions: args, script };
}
