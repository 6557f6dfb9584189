import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { openDatabase } from '#server/db/client.ts';
import { openTestDatabase, sessionCookie, testConfig } from '#server/test-support/app.ts';
import { embeddedDatabaseConfig } from '#server/test-support/embedded-database.ts';

const account = { email: 'restart@example.com', password: 'sunshine93', firstName: 'Rae', lastName: 'Start' };

describe('sessions on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-sessions-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('survive a server restart', async () => {
    const dbConfig = embeddedDatabaseConfig(dataDir);
    const first = await openDatabase(dbConfig);
    await first.migrate();
    const app1 = await buildApp({ config: testConfig(), database: first });
    const cookie = sessionCookie(
      await app1.inject({ method: 'POST', url: '/api/register', payload: account }),
    );
    await app1.close();
    await first.close();

    const second = await openDatabase(dbConfig);
    await second.migrate();
    const app2 = await buildApp({ config: testConfig(), database: second });
    const me = await app2.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    await app2.close();
    await second.close();
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(account.email);
  });
});

describe('sessions on a PostgreSQL server', () => {
  it('survive a restart and work on another server process', async () => {
    const shared = await openTestDatabase();
    const { url } = shared;
    const app1 = await buildApp({ config: testConfig(), database: shared });
    const cookie = sessionCookie(
      await app1.inject({ method: 'POST', url: '/api/register', payload: account }),
    );
    await app1.close();

    // A second, independent pool and app: what a restarted or parallel server process has.
    const other = await openDatabase({ kind: 'postgres', url });
    const app2 = await buildApp({ config: testConfig(), database: other });
    const me = await app2.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    await app2.close();
    await other.close();
    await shared.close();
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(account.email);
  });
});
