import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from './client.ts';

/**
 * Drizzle records each applied migration under its journal time (`when` in
 * migrations/meta/_journal.json) and applies those newer than the latest it recorded: the database is
 * up to date when the latest recorded time reaches the latest this version of the app ships.
 */
let shipped: number | null = null;

/** The journal time of the newest migration this version of the app ships (read once). */
export function latestShippedMigration(): number {
  if (shipped === null) {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: { when: number }[];
    };
    shipped = Math.max(...journal.entries.map((entry) => entry.when));
  }
  return shipped;
}

/**
 * Whether every migration this version ships has been applied (a database a newer version migrated
 * further counts too). Rejects when the database cannot be asked or was never migrated (no history table).
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = await db.execute(
    sql`select max(created_at)::text as "latest" from drizzle.__drizzle_migrations`,
  );
  const [row] = (result as unknown as { rows: { latest: string | null }[] }).rows;
  return row?.latest != null && Number(row.latest) >= latestShippedMigration();
}
