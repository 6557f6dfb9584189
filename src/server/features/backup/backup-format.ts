import { z } from 'zod';

/**
 * A backup is one gzipped tar file:
 *
 *   tables/<table>.jsonl   one JSON array per row, values in PostgreSQL's text form (or null),
 *                          in the column order the manifest lists; tables in foreign-key order
 *   objects/<key>          each object's bytes, exactly as the store holds them
 *   manifest.json          written last: what the file holds, with a SHA-256 of every entry
 *
 * The manifest comes last because object checksums are only known once the bytes went by; a file cut
 * short therefore has no manifest and is refused as incomplete. See docs/decisions/004-backup-format.md.
 */
export const BACKUP_FORMAT = 'collision-shop-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const TABLES_PREFIX = 'tables/';
export const OBJECTS_PREFIX = 'objects/';

export const tableEntryName = (table: string) => `${TABLES_PREFIX}${table}.jsonl`;
export const objectEntryName = (key: string) => `${OBJECTS_PREFIX}${key}`;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const columnSchema = z.object({
  name: z.string().min(1),
  /** The column's type as PostgreSQL names it (`numeric(12,2)`, `timestamp with time zone`…). */
  type: z.string().min(1),
});

const tableSchema = z.object({
  name: z.string().min(1),
  columns: z.array(columnSchema).min(1),
  rows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256,
});

export const objectSchema = z.object({
  key: z.string().min(1),
  contentType: z.string().min(1),
  size: z.number().int().min(0),
  sha256,
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  /** The latest migration applied to the database that was backed up. */
  migration: z.object({ index: z.number().int().min(0), tag: z.string().min(1) }),
  source: z.object({ database: z.enum(['pglite', 'postgres']), objectStore: z.enum(['disk', 's3']) }),
  /** In the order they are loaded: a table comes after every table it references. */
  tables: z.array(tableSchema),
  objects: z.array(objectSchema),
  /** Keys that ready photo rows name but the store did not have when the backup was made. */
  missingObjects: z.array(z.string()),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupTable = BackupManifest['tables'][number];
export type BackupObject = BackupManifest['objects'][number];

/** A problem the person running backup or restore can act on; the message says what to do. */
export class BackupError extends Error {}
