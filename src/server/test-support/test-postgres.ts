import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { EMBEDDED_USER, findEmbeddedPostgres, startEmbeddedPostgres } from '#server/db/embedded-postgres.ts';

/**
 * Vitest global set-up of the projects whose files use a database: the PostgreSQL of the whole run and
 * one migrated template database (decision 058). TEST_DATABASE_URL names a server the suite may
 * create and drop databases on; without it the run starts the app's embedded PostgreSQL (decision
 * 052) in a temporary folder. Each test file then copies the template (`create database … template
 * …`), which takes milliseconds where migrating takes a second.
 *
 * What it made goes to the test workers (and the servers tests start) through the environment:
 * TEST_DATABASE_URL and TEST_DATABASE_TEMPLATE. A second project of the same run finds them set.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_TEMPLATE) return async () => {};
  const given = process.env.TEST_DATABASE_URL;
  const server = given ? { url: given, stop: async () => {} } : await startSuitePostgres();
  const template = `shop_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(server.url, `create database ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(server.url, template) });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  process.env.TEST_DATABASE_URL = server.url;
  process.env.TEST_DATABASE_TEMPLATE = template;
  return async () => {
    await adminQuery(server.url, `drop database if exists ${template} with (force)`);
    await server.stop();
    if (!given) delete process.env.TEST_DATABASE_URL;
    delete process.env.TEST_DATABASE_TEMPLATE;
  };
}

/**
 * The app's embedded PostgreSQL on a throw-away folder, with room for both test workers' pools and
 * without waiting for the disk: a crash loses nothing a test run needs.
 */
async function startSuitePostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const binaries = findEmbeddedPostgres();
  if (!binaries) {
    throw new Error(
      `There is no embedded PostgreSQL for ${process.platform}-${process.arch}: ` +
        'set TEST_DATABASE_URL to a PostgreSQL server the tests may create databases on.',
    );
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-test-pg-'));
  const dataDir = path.join(folder, 'data');
  const server = await startEmbeddedPostgres(binaries, dataDir, 194, {
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    shared_buffers: '128MB',
  });
  const url = new URL(`postgres://${EMBEDDED_USER}@localhost/postgres`);
  url.searchParams.set('host', String(server.connection.host));
  return {
    url: url.toString(),
    async stop() {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** `serverUrl` with its database replaced by `name` (the socket folder and user stay). */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's maintenance connection (create and drop database). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
