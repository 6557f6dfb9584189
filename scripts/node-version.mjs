// The Node.js the app needs, read from package.json's "engines" so it is written down once.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
export const REQUIRED_NODE_MAJOR = Number(/\d+/.exec(engines.node)?.[0]);

/** Stops with one line naming the version needed when this Node.js is older. */
export function requireSupportedNode(what) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return;
  console.error(
    `${what} needs Node.js ${REQUIRED_NODE_MAJOR} or newer; this is Node.js ${process.versions.node}. ` +
      `Install Node.js ${REQUIRED_NODE_MAJOR} (on Linux x64 \`npm install\` brings it into node_modules/.bin).`,
  );
  process.exit(1);
}
