import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { MEMORY_SETTINGS } from './embedded-postgres.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-pglite-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a shop run on PGlite (EMBEDDED_DATABASE=pglite, or no PostgreSQL for the system)', () => {
  it("has the embedded PostgreSQL's memory sizes instead of PGlite's own, at every start", async () => {
    const dir = path.join(dataDir, 'db');
    for (const start of ['new', 'again']) {
      const database = await openDatabase({ kind: 'pglite', dir });
      try {
        const result = await database.db.execute(
          sql`select name, current_setting(name) as value from pg_settings where name in ${Object.keys(MEMORY_SETTINGS)}`,
        );
        const { rows } = result as unknown as { rows: { name: string; value: string }[] };
        const settings = Object.fromEntries(rows.map((row) => [row.name, row.value]));
        expect(settings, start).toEqual(MEMORY_SETTINGS);
      } finally {
        await database.close();
      }
    }
  });
});
