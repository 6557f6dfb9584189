import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { normalizePlate } from '#domain/vehicle-identity.ts';
import { vehicles } from '#server/db/schema.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice } = setUpCast(t);

/** The hand-written part of the migration that normalised the plates stored before (decision 064). */
function handWrittenUpdate(): string {
  const folder = path.join(import.meta.dirname, '../../db/migrations');
  const file = readdirSync(folder).find((name) => name.endsWith('_normalised_plates.sql'));
  if (!file) throw new Error('the plate migration is missing');
  const [, handWritten] = readFileSync(path.join(folder, file), 'utf8').split('-- hand-written:');
  if (!handWritten) throw new Error('the plate migration has no hand-written part');
  // The marker's line goes on as a comment.
  return handWritten.slice(handWritten.indexOf('\n'));
}

describe('the migration that normalises stored plates', () => {
  it('writes every plate as normalizePlate does, and a plate of spaces and dashes as none', async () => {
    const { db } = t.database;
    const typed = ['qrt 5521', 'QRT-55 21', ' abc\t1 ', ' - ', 'OK123'];
    const rows = await db
      .insert(vehicles)
      .values(typed.map((licensePlate) => ({ userId: alice.user.id, licensePlate })))
      .returning({ id: vehicles.id });
    await db.execute(sql.raw(handWrittenUpdate()));
    const stored = await Promise.all(
      rows.map(
        async ({ id }) => (await db.select().from(vehicles).where(eq(vehicles.id, id)))[0]?.licensePlate,
      ),
    );
    expect(stored).toEqual(typed.map((plate) => normalizePlate(plate) || null));
  });
});
