import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { buildApp } from '#server/app.ts';
import { latestShippedMigration } from '#server/db/migration-status.ts';
import { createTestApp, openTestDatabase, testConfig } from '#server/test-support/app.ts';

describe('GET /api/health', () => {
  it('answers 200 while the database answers and 503 once it does not', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
      await t.database.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json().status).toBe('unavailable');
    } finally {
      await t.app.close();
    }
  });
});

describe('GET /api/health/live', () => {
  it('answers 200 without asking the database', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await t.app.close();
    }
  });
});

describe('GET /api/health/ready', () => {
  async function readyApp(store?: ObjectStore) {
    const database = await openTestDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-ready-'));
    const app = await buildApp({
      config: testConfig({ objectStore: { kind: 'disk', dir } }),
      database,
      ...(store ? { store } : {}),
    });
    return {
      app,
      database,
      ready: () => app.inject({ method: 'GET', url: '/api/health/ready' }),
      async close() {
        await app.close();
        await database.close().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  it('answers 200 when the database answers, is migrated, and the photo store is reachable', async () => {
    const t = await readyApp();
    try {
      const res = await t.ready();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready' });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the photo store when the store cannot be reached', async () => {
    const working = new DiskObjectStore(mkdtempSync(path.join(tmpdir(), 'shop-ready-store-')));
    const failing: ObjectStore = {
      kind: 'disk',
      put: working.put.bind(working),
      get: working.get.bind(working),
      delete: working.delete.bind(working),
      list: working.list.bind(working),
      ping: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const t = await readyApp(failing);
    try {
      const res = await t.ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        failed: ['objectStore'],
        checks: { database: 'ok', migrations: 'ok', objectStore: 'failed' },
      });
      expect(res.json().message).toContain('photo store');
      expect(res.body).not.toContain('ECONNREFUSED');
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the database (and its migrations) once the database does not answer', async () => {
    const t = await readyApp();
    try {
      await t.database.close();
      const res = await t.ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        failed: ['database', 'migrations'],
        checks: { database: 'failed', migrations: 'failed', objectStore: 'ok' },
      });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the migrations when the latest shipped one is not applied', async () => {
    const t = await readyApp();
    try {
      await t.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${latestShippedMigration()}`,
      );
      const res = await t.ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        failed: ['migrations'],
        checks: { database: 'ok', migrations: 'failed', objectStore: 'ok' },
      });
      expect(res.json().message).toContain('migrations');
    } finally {
      await t.close();
    }
  });
});
