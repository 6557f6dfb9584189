import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Vitest global set-up: one migrated PGlite data directory, dumped to a file, from which every test
 * file's in-memory database starts. A fresh PGlite spends seconds in initdb; loading a dump skips it.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DB === 'postgres') return undefined;
  const database = await openDatabase({ kind: 'pglite-memory' });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `shop-test-pglite-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}

let template: Promise<Blob> | undefined;

/** The migrated data directory, read once per test worker; undefined outside the suite's set-up. */
export function pgliteTemplate(file: string | undefined): Promise<Blob> | undefined {
  if (!file) return undefined;
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  return template;
}
