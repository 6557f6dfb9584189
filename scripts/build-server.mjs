// Bundles the server's TypeScript into dist/server; npm packages stay external (installed in node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  // Dynamic imports become chunks of their own, so SDKs used only when configured load only then.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: dist/server/main.js');
