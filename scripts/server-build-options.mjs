// How the server's TypeScript is bundled into dist/server: shared by the build and by the test that
// checks which packages the server loads at start.

/** @type {import('esbuild').BuildOptions} */
export const serverBuildOptions = {
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
};
