import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBuildOptions } from '#scripts/server-build-options.mjs';
import { projectPath } from '#server/project-path.ts';

/**
 * Packages that only some requests or some configurations need: each is megabytes of code (and, for
 * PGlite, an engine) that a server which never uses it must not hold in memory. They may load only
 * through `await import()`, when first used.
 */
const LOADED_WHEN_USED = [
  '@electric-sql/pglite',
  'drizzle-orm/pglite',
  'drizzle-orm/pglite/migrator',
  'pdfkit',
  'sharp',
  'googleapis',
  'stripe',
  'twilio',
  '@aws-sdk/client-s3',
  '@tus/s3-store',
  'date-holidays',
];

/** Every package the built server imports while it starts: the entry and the chunks it imports statically. */
function packagesLoadedAtStart(metafile: Metafile): Set<string> {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === 'src/server/main.ts');
  if (!entry) throw new Error('the build has no output for src/server/main.ts');
  const packages = new Set<string>();
  const visited = new Set<string>();
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    for (const item of outputs[file]?.imports ?? []) {
      if (item.kind !== 'import-statement') continue;
      if (item.external) packages.add(item.path);
      else visit(item.path);
    }
  };
  visit(entry);
  return packages;
}

describe('what the server loads at start', () => {
  it('loads the heavy packages only when a request or the configuration needs them', async () => {
    const result = await build({
      ...serverBuildOptions,
      absWorkingDir: projectPath('.'),
      outdir: path.join('dist', 'startup-imports-check'),
      write: false,
      metafile: true,
      sourcemap: false,
    });
    const atStart = packagesLoadedAtStart(result.metafile);
    // The check itself sees the server's ordinary packages.
    expect(atStart).toContain('fastify');
    expect(atStart).toContain('pg');
    for (const name of LOADED_WHEN_USED) expect(atStart, name).not.toContain(name);
  });
});
