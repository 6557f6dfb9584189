import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleConfig } from '../adapters/google/google-config.js';
import { createObjectStore } from '../adapters/object-store/create-object-store.js';
import type { Db } from '../db/client.js';
import { type GoogleStandIn, startGoogleStandIn } from '../test-support/google-stand-in.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { as } from '../test-support/test-people.js';
import { MATRIX_ENTRIES } from './authorization-matrix.entries.js';
import { type Caller, createWorld, type MatrixContext } from './authorization-matrix.world.js';
import { fixedCases, type HostileCase, hostileCases } from './hostile-requests.js';

/**
 * Every API route, fed invalid and extreme input generated from its own zod schemas, by the callers
 * allowed to reach its validation (the shop and a customer). Whatever arrives, the answer is a JSON
 * 4xx with a message or a success, never a 5xx; a refused request changes nothing; the app stays up.
 */

const RANDOM_RUNS_PER_ROUTE_AND_CALLER = 12;
const FUZZ_CALLERS: Caller[] = ['admin', 'customerA'];

const objectsDir = mkdtempSync(path.join(tmpdir(), 'shop-fuzz-'));
let t: TestApp;
let google: GoogleStandIn;
let context: MatrixContext;
let cases = 0;

beforeAll(async () => {
  google = await startGoogleStandIn();
  const objectStore = { kind: 'disk' as const, dir: objectsDir };
  t = await createTestApp({ objectStore, google: googleConfig(google.env), authRateLimitScale: 1000 });
  await t.app.ready();
  context = { t, store: createObjectStore({ objectStore }), google };
});

afterAll(async () => {
  console.log(`hostile input: ${cases} cases`);
  await t?.close();
  await google?.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

/** The stored data a refused request must leave alone (rate-limit counters and sessions aside). */
async function fingerprint(db: Db): Promise<string> {
  const tables = [
    'users',
    'vehicles',
    'estimates',
    'photos',
    'messages',
    'payments',
    'appointments',
    'outbox',
  ];
  const parts = tables.map(
    (table) =>
      sql`(select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from ${sql.identifier(table)} t)`,
  );
  const result = await db.execute(sql`select ${sql.join(parts, sql`, `)}`);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
}

function describeCase(key: string, caller: Caller, hostile: HostileCase): string {
  const payload =
    typeof hostile.payload === 'string'
      ? hostile.payload.slice(0, 120)
      : `${hostile.payload?.length ?? 0} bytes`;
  return `${key} as ${caller}: ${hostile.label} ${hostile.url.slice(0, 120)} ${payload}`;
}

describe('hostile input on every API route', () => {
  for (const [key, entry] of Object.entries(MATRIX_ENTRIES)) {
    const [method = '', pattern = ''] = key.split(' ');
    it(key, async () => {
      const route = t.app.routeTable.find(
        (candidate) => candidate.method === method && candidate.url === pattern,
      );
      // A route that is gone is reported by the authorization matrix's coverage test.
      if (!route) return;
      const { db } = t.database;
      for (const caller of FUZZ_CALLERS) {
        const world = await createWorld(context, entry.world);
        const request = (await entry.request?.(world, caller)) ?? {};
        const base = {
          method,
          pattern,
          params: request.params ?? {},
          query: request.query ?? {},
          body: request.body,
          raw: request.raw !== undefined,
        };
        const headers = as(world.person(caller));
        let unchanged: string | null = null;
        const examples = fixedCases(route, base).map((hostile): [HostileCase] => [hostile]);
        await fc.assert(
          fc.asyncProperty(hostileCases(route, base), async (hostile) => {
            // What the last refused call left is still current; after a success it is read again.
            const before = unchanged ?? (await fingerprint(db));
            unchanged = null;
            const res = await t.app.inject({
              method: method as 'POST',
              url: hostile.url,
              query: hostile.query,
              headers: hostile.contentType ? { ...headers, 'content-type': hostile.contentType } : headers,
              ...(hostile.payload === undefined ? {} : { payload: hostile.payload }),
            });
            cases += 1;
            const where = describeCase(key, caller, hostile);
            expect(res.statusCode, `${where} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
            if (hostile.mustRefuse) expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
            if (res.statusCode < 400) return;
            expect(res.headers['content-type'], where).toMatch(/^application\/json/);
            const message = res.json().message;
            expect(typeof message === 'string' && message.length > 0, where).toBe(true);
            const after = await fingerprint(db);
            expect(after, `${where}: a refused request changed stored data`).toBe(before);
            unchanged = after;
          }),
          {
            // The fixed examples run first and count as runs: the random draws come on top of them.
            numRuns: examples.length + RANDOM_RUNS_PER_ROUTE_AND_CALLER,
            endOnFailure: true,
            examples,
          },
        );
      }
      expect(({} as { polluted?: unknown }).polluted, 'Object.prototype polluted').toBeUndefined();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    });
  }
});
