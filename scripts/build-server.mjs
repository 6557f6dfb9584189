// Bundles the server's TypeScript into dist/server; npm packages stay external (installed in node_modules).
import { build } from 'esbuild';
import { serverBuildOptions } from './server-build-options.mjs';

await build(serverBuildOptions);
console.log('server built: dist/server/main.js');
