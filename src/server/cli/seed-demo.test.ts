import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ESTIMATE_STATUSES } from '#domain/estimate-status.ts';
import { openDatabase } from '#server/db/client.ts';
import {
  appointments,
  estimateLines,
  estimateSupplements,
  estimates,
  messages,
  users,
} from '#server/db/schema.ts';
import { projectPath } from '#server/project-path.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function seed() {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', projectPath('src/server/cli/seed-demo.ts')],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', cwd: projectPath() },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function readShop() {
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  try {
    const { db } = database;
    return {
      users: await db.select().from(users),
      estimates: await db.select().from(estimates),
      messages: await db.select().from(messages),
      appointments: await db.select().from(appointments),
      lines: await db.select().from(estimateLines),
      supplements: await db.select().from(estimateSupplements),
    };
  } finally {
    await database.close();
  }
}

describe.runIf(process.env.TEST_DB !== 'postgres')('npm run seed:demo', { timeout: 120_000 }, () => {
  it('fills a demo shop, prints the logins, and changes nothing when run again', async () => {
    const first = seed();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('admin     admin@demo.shop');
    expect(first.stdout).toContain('customer  maria@demo.shop');

    const shop = await readShop();
    expect(shop.users.filter((user) => user.isAdmin)).toHaveLength(1);
    expect(shop.users.filter((user) => !user.isAdmin)).toHaveLength(3);
    expect(new Set(shop.estimates.map((estimate) => estimate.status))).toEqual(new Set(ESTIMATE_STATUSES));
    expect(
      shop.messages.some(
        (message) =>
          message.content ===
          'Estimate provided: $4,120.75\nYour deductible: $1,000.00 · Insurance coverage: $3,120.75',
      ),
    ).toBe(true);
    const scheduled = shop.estimates.find((estimate) => estimate.status === 'scheduled');
    expect(shop.appointments.map((appointment) => appointment.estimateId)).toEqual([scheduled?.id]);

    // The itemised ones: figures derived from lines (deductible + coverage = total), one supplement pending.
    const itemised = shop.estimates.filter((estimate) => estimate.taxRate !== null);
    expect(itemised.map((estimate) => estimate.status).sort()).toEqual(['in_progress', 'quoted']);
    for (const estimate of itemised) {
      const cents = (value: string | null) => Math.round(Number(value) * 100);
      expect(cents(estimate.customerDeductible) + cents(estimate.insuranceCoverage)).toBe(
        cents(estimate.estimatedAmount),
      );
    }
    expect(shop.supplements.map((supplement) => [supplement.status, supplement.amount])).toEqual([
      ['pending', '446.05'],
    ]);
    expect(shop.lines.filter((line) => line.state === 'proposed')).toHaveLength(2);

    const second = seed();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('Demo data is already there.');
    expect((await readShop()).estimates).toHaveLength(shop.estimates.length);
  });
});
