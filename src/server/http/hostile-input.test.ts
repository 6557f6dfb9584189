import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { type MatrixApps, startMatrixApps } from '#server/test-support/authorization-matrix-apps.ts';
import { MATRIX_ENTRIES } from '#server/test-support/authorization-matrix-entries.ts';
import { type Caller, createWorld } from '#server/test-support/authorization-matrix-world.ts';
import { fixedCases, type HostileCase, hostileCases } from '#server/test-support/hostile-requests.ts';
import { as } from '#server/test-support/people.ts';

/**
 * Every API route, fed invalid and extreme input generated from its own zod schemas, by the callers
 * allowed to reach its validation (the shop and a customer). Whatever arrives, the answer is a JSON
 * 4xx with a message or a success, never a 5xx; a refused request changes nothing; the app stays up.
 */

const RANDOM_RUNS_PER_ROUTE_AND_CALLER = 12;
const FUZZ_CALLERS: Caller[] = ['admin', 'customerA'];

let apps: MatrixApps;
let cases = 0;

beforeAll(async () => {
  apps = await startMatrixApps();
  for (const context of Object.values(apps.contexts)) await installChangeCounter(context.t.database.db);
});

afterAll(async () => {
  console.log(`hostile input: ${cases} cases`);
  await apps?.close();
});

/** The stored data a refused request must leave alone (rate-limit counters and sessions aside). */
const WATCHED_TABLES = [
  'users',
  'vehicles',
  'estimates',
  'photos',
  'messages',
  'payments',
  'appointments',
  'password_tokens',
  'outbox',
];

/**
 * A counter that triggers bump on every row written to the watched tables, in this test's own
 * database only: reading one number before and after a call tells whether anything was stored.
 */
async function installChangeCounter(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists fuzz_row_changes (n bigint not null)`);
  await db.execute(
    sql`insert into fuzz_row_changes (n) select 0 where not exists (select 1 from fuzz_row_changes)`,
  );
  await db.execute(
    sql.raw(`create or replace function fuzz_bump_row_changes() returns trigger language plpgsql as $$
      begin update fuzz_row_changes set n = n + 1; return null; end $$`),
  );
  for (const table of WATCHED_TABLES) {
    await db.execute(sql.raw(`drop trigger if exists fuzz_row_changes on "${table}"`));
    await db.execute(
      sql.raw(`create trigger fuzz_row_changes after insert or update or delete on "${table}"
        for each row execute function fuzz_bump_row_changes()`),
    );
  }
}

async function rowChanges(db: Db): Promise<number> {
  const result = await db.execute(sql`select n from fuzz_row_changes`);
  const [row] = (result as unknown as { rows: { n: number | string }[] }).rows;
  return Number(row?.n);
}

function describeCase(key: string, caller: Caller, hostile: HostileCase): string {
  const payload =
    typeof hostile.payload === 'string'
      ? hostile.payload.slice(0, 120)
      : `${hostile.payload?.length ?? 0} bytes`;
  return `${key} as ${caller}: ${hostile.label} ${hostile.url.slice(0, 120)} ${payload}`;
}

describe('hostile input on every API route', () => {
  it('sees a stored change when there is one (the check below would otherwise prove nothing)', async () => {
    const context = apps.contexts.default;
    const { db } = context.t.database;
    const world = await createWorld(context);
    const before = await rowChanges(db);
    const res = await context.t.app.inject({
      method: 'POST',
      url: `/api/estimates/${world.estimate.id}/messages`,
      headers: as(world.a),
      payload: { content: 'Counting.' },
    });
    expect(res.statusCode).toBe(201);
    expect(await rowChanges(db)).toBeGreaterThan(before);
  });

  for (const [key, entry] of Object.entries(MATRIX_ENTRIES)) {
    const [method = '', pattern = ''] = key.split(' ');
    it(key, async () => {
      const context = apps.contexts[entry.app ?? 'default'];
      const { t } = context;
      const route = t.app.routeTable.find(
        (candidate) => candidate.method === method && candidate.url === pattern,
      );
      // A route that is gone is reported by the authorization matrix's coverage test.
      if (!route) return;
      const { db } = t.database;
      // Only callers the route serves: anyone else is refused before validation, whatever they send.
      for (const caller of FUZZ_CALLERS.filter((candidate) => entry.expect[candidate] < 400)) {
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
        const headers = { ...request.headers, ...as(world.person(caller)) };
        const examples = fixedCases(route, base).map((hostile): [HostileCase] => [hostile]);
        await fc.assert(
          fc.asyncProperty(hostileCases(route, base), async (hostile) => {
            const before = await rowChanges(db);
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
            expect(await rowChanges(db), `${where}: a refused request changed stored data`).toBe(before);
          }),
          {
            // The fixed examples run first and count as runs: the random draws come on top of them.
            numRuns: examples.length + RANDOM_RUNS_PER_ROUTE_AND_CALLER,
            endOnFailure: true,
            examples,
            // A failure prints its seed; FUZZ_SEED=<seed> replays that very run.
            ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
          },
        );
      }
      expect(({} as { polluted?: unknown }).polluted, 'Object.prototype polluted').toBeUndefined();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    });
  }
});
