import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import type { Database } from '#server/db/client.ts';
import { projectPath } from '#server/project-path.ts';
import { openEmptyPostgres, openTestDatabase } from '#server/test-support/app.ts';
import { historyPlan } from './history-plan.ts';
import { seedHistory } from './seed-history.ts';

// The restore drill at a small size: a few months of a shop's history, backed up and restored with the
// real commands into a fresh database and data folder, must come back whole. The ten-year figures are
// measured by `npm run bench -- --backup` (docs/PERFORMANCE.md).

const workDir = mkdtempSync(path.join(tmpdir(), 'shop-history-backup-'));
const shopDir = path.join(workDir, 'shop');
const copyDir = path.join(workDir, 'copy');
const backupFile = path.join(workDir, 'history.tar.gz');
/** Three months at four requests a day, two photos each: ~370 estimates, ~3,700 messages, ~730 photos. */
const plan = historyPlan({ years: 0.25, estimatesPerDay: 4, photosPerEstimate: 2 });

let shop: Database & { url: string };
let copy: Database & { url: string };
beforeAll(async () => {
  [shop, copy] = await Promise.all([openTestDatabase(), openEmptyPostgres('shop_restored')]);
  await seedHistory({ db: shop.db, store: new DiskObjectStore(path.join(shopDir, 'objects')) }, plan, {
    now: new Date('2026-11-28T15:00:00Z'),
  });
});
afterAll(async () => {
  await Promise.all([shop?.close(), copy?.close()]);
  rmSync(workDir, { recursive: true, force: true });
});

/** `npm run backup` or `npm run restore` as npm runs it, on the database at `url` with photos in `dataDir`. */
function run(command: 'backup' | 'restore', url: string, dataDir: string, ...args: string[]) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', projectPath(`src/server/cli/${command}.ts`), ...args],
      {
        env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, S3_BUCKET: '' },
        cwd: projectPath(),
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function rowsOf<Row>(database: Database, query: SQL): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Every table of the app with its number of rows. */
async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(
    database,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number }>(database, sql.raw(`select count(*)::int as n from "${name}"`));
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe('restore drill: a few months of history through npm run backup and npm run restore', {
  timeout: 60_000,
}, () => {
  it('brings back every table with the same rows, the messages and the photo files', async () => {
    const backup = await run('backup', shop.url, shopDir, '--out', backupFile);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`${plan.estimates * 2 * 2} objects`);

    const restore = await run('restore', copy.url, copyDir, '--in', backupFile);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    const [before, after] = await Promise.all([tableCounts(shop), tableCounts(copy)]);
    expect(Object.keys(before).length).toBeGreaterThan(10);
    expect(before.estimates).toBe(plan.estimates);
    expect(before.messages).toBeGreaterThan(plan.estimates * 2);
    expect(after).toEqual(before);

    // A customer's message, word for word and in its place.
    const message = sql`select id, estimate_id, content, created_at, awaiting_reply from messages
      where not is_from_admin order by created_at desc, id limit 1`;
    const [original] = await rowsOf<Record<string, unknown>>(shop, message);
    expect(original).toBeDefined();
    expect(await rowsOf(copy, message)).toEqual([original]);

    // A photo's image and thumbnail files, byte for byte.
    const [photo] = await rowsOf<{ object_key: string; thumbnail_key: string }>(
      shop,
      sql`select object_key, thumbnail_key from photos order by id limit 1`,
    );
    const [from, to] = [
      new DiskObjectStore(path.join(shopDir, 'objects')),
      new DiskObjectStore(path.join(copyDir, 'objects')),
    ];
    for (const key of [photo?.object_key ?? '', photo?.thumbnail_key ?? '']) {
      const [a, b] = [await from.get(key), await to.get(key)];
      if (!a || !b) throw new Error(`${key} is missing ${a ? 'from the restored store' : 'from the shop'}`);
      expect(await buffer(b.body), key).toEqual(await buffer(a.body));
    }
  });
});
