import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type AppConfig, loadConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { pgliteTemplate } from './pglite-template.ts';

/**
 * A database of its own for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL when TEST_DB=postgres (the suite runs both ways).
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !serverUrl) {
    const from = await pgliteTemplate(inject('pgliteTemplate'));
    const database = await openDatabase({ kind: 'pglite-memory', from });
    await database.migrate();
    return database;
  }
  const database = await openEmptyPostgres(serverUrl, 'shop_test');
  await database.migrate();
  return database;
}

/**
 * A new database with nothing in it (not even migrations) on the PostgreSQL server at `serverUrl`,
 * dropped again on close.
 */
export async function openEmptyPostgres(
  serverUrl: string,
  prefix: string,
): Promise<Database & { url: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'x'.repeat(32),
      DATA_DIR: '/tmp/shop-test',
    }),
    // The outbox worker runs only where a test starts it: no stray mail files from other tests.
    workers: false,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The `sid=…` pair from a response's Set-Cookie, ready to send back as a Cookie header. */
export function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [header];
  const sid = cookies.find(
    (cookie): cookie is string => typeof cookie === 'string' && cookie.startsWith('sid='),
  );
  if (!sid) throw new Error('no session cookie in response');
  return sid.split(';')[0] ?? '';
}
