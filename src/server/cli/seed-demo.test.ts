import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ESTIMATE_STATUSES } from '#domain/estimate-status.ts';
import { vinCheckDigit } from '#domain/vin.ts';
import { openDatabase } from '#server/db/client.ts';
import {
  appointments,
  estimateLines,
  estimateSupplements,
  estimates,
  messages,
  photos,
  users,
  vehicles,
} from '#server/db/schema.ts';
import { projectPath } from '#server/project-path.ts';
import { embeddedDatabaseConfig } from '#server/test-support/embedded-database.ts';

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
  const database = await openDatabase(embeddedDatabaseConfig(dataDir));
  try {
    const { db } = database;
    return {
      users: await db.select().from(users),
      estimates: await db.select().from(estimates),
      messages: await db.select().from(messages),
      appointments: await db.select().from(appointments),
      lines: await db.select().from(estimateLines),
      supplements: await db.select().from(estimateSupplements),
      vehicles: await db.select().from(vehicles),
      photos: await db.select().from(photos),
    };
  } finally {
    await database.close();
  }
}

describe('npm run seed:demo', { timeout: 120_000 }, () => {
  it('fills a demo shop, prints the logins, and changes nothing when run again', async () => {
    const first = seed();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('admin     admin@demo.shop');
    expect(first.stdout).toContain('customer  maria@demo.shop');

    const shop = await readShop();
    // The summary counts what the printout lists.
    expect(first.stdout).toContain(`3 customers and ${shop.estimates.length} estimates`);
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

    // Every estimate has photos, stored as real images through the object store.
    for (const estimate of shop.estimates) {
      const own = shop.photos.filter((photo) => photo.estimateId === estimate.id);
      expect(own.length, estimate.status).toBeGreaterThanOrEqual(2);
      for (const photo of own) {
        expect(photo.status).toBe('ready');
        expect(photo.uploaderId).toBe(estimate.userId);
        const jpeg = readFileSync(path.join(dataDir, 'objects', photo.objectKey));
        expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
        expect(jpeg.length).toBe(photo.sizeBytes);
        expect(readFileSync(path.join(dataDir, 'objects', photo.thumbnailKey ?? '')).length).toBeGreaterThan(
          0,
        );
      }
    }

    // No plate or VIN is shared, every VIN is valid, and each estimate is on its owner's car.
    const plates = shop.vehicles.map((vehicle) => vehicle.licensePlate);
    const vins = shop.vehicles.map((vehicle) => vehicle.vin ?? '');
    expect(new Set(plates).size).toBe(plates.length);
    expect(new Set(vins).size).toBe(vins.length);
    for (const vin of vins) {
      expect(vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(vin[8], vin).toBe(vinCheckDigit(vin));
    }
    for (const estimate of shop.estimates) {
      expect(shop.vehicles.find((vehicle) => vehicle.id === estimate.vehicleId)?.userId).toBe(
        estimate.userId,
      );
    }

    // The printout says whose cars and estimates are whose.
    const maria = first.stdout.slice(
      first.stdout.indexOf('maria@demo.shop'),
      first.stdout.indexOf('james@demo.shop'),
    );
    const mariaId = shop.users.find((user) => user.email === 'maria@demo.shop')?.id;
    for (const vehicle of shop.vehicles.filter((row) => row.userId === mariaId)) {
      expect(maria).toContain(`plate ${vehicle.licensePlate}`);
    }
    for (const estimate of shop.estimates.filter((row) => row.userId === mariaId)) {
      expect(maria).toContain(`#${estimate.id.slice(0, 8).toUpperCase()}`);
    }

    const second = seed();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('Demo data is already there.');
    expect(second.stdout).toContain(maria);
    const again = await readShop();
    for (const table of ['users', 'vehicles', 'estimates', 'messages', 'appointments', 'photos'] as const) {
      expect(again[table], table).toHaveLength(shop[table].length);
    }
    expect(readdirSync(path.join(dataDir, 'objects', 'photos'))).toHaveLength(shop.photos.length * 2);
  });
});
