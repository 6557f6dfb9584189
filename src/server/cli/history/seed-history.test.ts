import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import { UsageError } from '#server/cli/with-database.ts';
import { isStored } from '#server/test-support/stored-objects.ts';
import { setUpTestShop } from '#server/test-support/test-shop.ts';
import { readHistoryArguments } from './history-arguments.ts';
import { historyPlan } from './history-plan.ts';
import { ShopNotEmptyError, seedHistory } from './seed-history.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const t = setUpTestShop();
const now = new Date('2026-11-28T15:00:00Z');

/** The one row a query answers. */
async function one<Row>(query: SQL): Promise<Row> {
  const { rows } = (await t.db.execute(query)) as unknown as { rows: Row[] };
  if (!rows[0]) throw new Error('no row');
  return rows[0];
}

describe('a decade of history', () => {
  it('plans the volumes of a busy shop: ten years are ~60,000 estimates of ~40,000 customers', () => {
    expect(historyPlan({ years: 10 })).toMatchObject({ estimates: 59_860, customers: 39_907 });
    expect(readHistoryArguments([])).toEqual({ years: 10, estimatesPerDay: 16.4, photosPerEstimate: 5 });
    expect(readHistoryArguments(['--years', '2', '--per-day', '3.5', '--photos', '0'])).toEqual({
      years: 2,
      estimatesPerDay: 3.5,
      photosPerEstimate: 0,
    });
    for (const wrong of [['--years', '0'], ['--years', '2.5'], ['--photos'], ['--days', '3']]) {
      expect(() => readHistoryArguments(wrong), wrong.join(' ')).toThrow(UsageError);
    }
  });

  it('fills an empty shop with customers, estimates by age, threads, photos, payments and surveys', async () => {
    const plan = historyPlan({ years: 1, estimatesPerDay: 2, photosPerEstimate: 2 });
    const store = new DiskObjectStore(dir);
    const seeded = await seedHistory({ db: t.db, store }, plan, { now });
    expect(seeded).toMatchObject({
      customers: plan.customers,
      estimates: plan.estimates,
      photos: plan.estimates * 2,
    });
    expect(seeded.messages).toBeGreaterThan(plan.estimates * 5);

    // Nothing after now; every customer came at least once, some came back.
    const times = await one<{ future: number; customers: number }>(sql`select
      (select count(*) from estimates where created_at > ${now.toISOString()}::timestamptz)
        + (select count(*) from messages where created_at > ${now.toISOString()}::timestamptz) as future,
      (select count(distinct user_id) from estimates) as customers`);
    expect(Number(times.future)).toBe(0);
    expect(Number(times.customers)).toBe(plan.customers);

    // Old work is done or declined; open repairs are recent; finished work is paid and picked up.
    const ages = await one<{
      oldOpen: number;
      completed: number;
      owedDone: number;
      notPickedUp: number;
    }>(sql`select
      count(*) filter (where status in ('pending', 'approved', 'scheduled', 'in_progress')
        and created_at < ${now.toISOString()}::timestamptz - interval '60 days') as "oldOpen",
      count(*) filter (where status = 'completed') as completed,
      count(*) filter (where status = 'completed' and owed_cents > 0) as "owedDone",
      count(*) filter (where status = 'completed' and picked_up_at is null
        and created_at < ${now.toISOString()}::timestamptz - interval '30 days') as "notPickedUp"
      from estimates`);
    expect(Number(ages.oldOpen)).toBe(0);
    expect(Number(ages.completed)).toBeGreaterThan(plan.estimates / 2);
    expect(Number(ages.owedDone)).toBe(0);
    expect(Number(ages.notPickedUp)).toBe(0);

    // Surveys after pickup, low scores with a call-back; the inbox holds a few waiting messages.
    const after = await one<{ surveys: number; low: number; tasks: number; inbox: number }>(sql`select
      (select count(*) from surveys) as surveys,
      (select count(*) from surveys where score <= 6) as low,
      (select count(*) from recovery_tasks) as tasks,
      (select count(*) from messages where awaiting_reply) as inbox`);
    expect(Number(after.surveys)).toBeGreaterThan(0);
    expect(Number(after.tasks)).toBe(Number(after.low));
    expect(Number(after.inbox)).toBeGreaterThan(0);

    // Each photo row has its files.
    const photo = await one<{ object_key: string; thumbnail_key: string }>(
      sql`select object_key, thumbnail_key from photos order by id limit 1`,
    );
    const stored = await store.get(photo.object_key);
    stored?.body.destroy();
    expect(stored?.contentType).toBe('image/webp');
    expect(await isStored(store, photo.thumbnail_key)).toBe(true);
  });

  it('refuses a shop that already has customers', async () => {
    const plan = historyPlan({ years: 1, estimatesPerDay: 1, photosPerEstimate: 0 });
    await expect(seedHistory({ db: t.db, store: new DiskObjectStore(dir) }, plan, { now })).rejects.toThrow(
      ShopNotEmptyError,
    );
  });
});
