import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { type Db, migrationsFolder } from '#server/db/client.ts';
import { BackupError } from './backup-format.ts';
import { queryRows } from './database-catalog.ts';

export interface MigrationStep {
  index: number;
  tag: string;
  /** Drizzle records each applied migration under this time (`when` in the journal). */
  createdAt: number;
}

/** The migrations this version of the app knows, oldest first. */
export function knownMigrations(): MigrationStep[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({ index: entry.idx, tag: entry.tag, createdAt: entry.when }));
}

export function latestMigration(): MigrationStep {
  const latest = knownMigrations().at(-1);
  if (!latest) throw new Error('no migrations found');
  return latest;
}

/** The latest migration applied to the database, or null for a database without the app's schema. */
export async function appliedMigration(db: Db): Promise<MigrationStep | null> {
  const [history] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "present"`,
  );
  if (!history?.present) return null;
  const [last] = await queryRows<{ createdAt: string }>(
    db,
    sql`select created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  const step = knownMigrations().find((migration) => String(migration.createdAt) === last.createdAt);
  if (!step) {
    throw new BackupError(
      'The database has a migration this version of the app does not know: it was used by a newer version. ' +
        'Run this command with that version.',
    );
  }
  return step;
}

/**
 * Applies the app's migrations up to and including `index` and no further, the way the server
 * migrates (same journal, same history table), so a later full migrate carries on from there.
 */
export async function migrateTo(db: Db, index: number): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder }).slice(0, index + 1);
  const internals = db as unknown as { dialect: PgDialect; session: PgSession };
  await internals.dialect.migrate(migrations, internals.session, { migrationsFolder });
}
