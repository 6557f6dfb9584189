import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { type AppConfig, loadConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';
import { adminQuery, databaseUrl } from './test-postgres.ts';

/** The PostgreSQL server of this test run (test-postgres.ts: the given one or the suite's embedded one). */
function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error("No test database server: this project's Vitest set-up (test-postgres.ts) did not run.");
  return url;
}

/** A database of its own for one test file, migrated: a copy of the run's template database. */
export async function openTestDatabase(): Promise<Database & { url: string }> {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (!template)
    throw new Error("No template database: this project's Vitest set-up (test-postgres.ts) did not run.");
  return openNewPostgres('shop_test', `template ${template}`);
}

/** A new database with nothing in it (not even migrations), dropped again on close. */
export function openEmptyPostgres(prefix: string): Promise<Database & { url: string }> {
  return openNewPostgres(prefix, '');
}

async function openNewPostgres(prefix: string, options: string): Promise<Database & { url: string }> {
  const serverUrl = testServerUrl();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} ${options}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
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
      // Tests book drop-offs days ahead of whatever day they run: a holiday must not fail them at random.
      // The holiday rule has its own tests on fixed dates (schedule-hours.test.ts).
      SHOP_FEDERAL_HOLIDAYS: 'false',
    }),
    // The job queue runs only where a test asks for it (no stray mail files from other tests), and
    // then looks for work often, so tests that wait for a job wait little.
    workers: false,
    jobQueue: { pollSeconds: 0.5, superviseSeconds: 1, leaseSeconds: 300 },
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
