import { z } from 'zod';

/**
 * A backup is one gzipped tar file:
 *
 *   tables/<table>.jsonl   one JSON array per row, values in PostgreSQL's text form (or null),
 *                          in the column order the manifest lists; tables in foreign-key order
 *   objects/<key>          each object's bytes, exactly as the store holds them, in key order
 *   objects.jsonl          format 2: one line per object, in the file's order (key, content type,
 *                          size, SHA-256), so that no reader holds them all at once
 *   manifest.json          written last: what the file holds, with a SHA-256 of every other entry
 *
 * The list and the manifest come last because object checksums are only known once the bytes went
 * by; a file cut short therefore has no manifest and is refused as incomplete. Format 1 listed every
 * object inside the manifest; it is still read. See docs/decisions/004-backup-format.md.
 */
export const BACKUP_FORMAT = 'collision-shop-backup';
export const BACKUP_FORMAT_VERSION = 2;
export const MANIFEST_ENTRY = 'manifest.json';
export const OBJECT_LIST_ENTRY = 'objects.jsonl';
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

/** One object: a line of objects.jsonl (format 1: an item of the manifest's `objects`). */
export const objectSchema = z.object({
  key: z.string().min(1),
  contentType: z.string().min(1),
  size: z.number().int().min(0),
  sha256,
});

/** What every format's manifest says besides the objects. */
const manifestHeadSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  /** The latest migration applied to the database that was backed up. */
  migration: z.object({ index: z.number().int().min(0), tag: z.string().min(1) }),
  source: z.object({ database: z.enum(['pglite', 'postgres']), objectStore: z.enum(['disk', 's3']) }),
  /** In the order they are loaded: a table comes after every table it references. */
  tables: z.array(tableSchema),
  /** Keys that ready photo rows name but the store did not have when the backup was made. */
  missingObjects: z.array(z.string()),
});

/** Format 2: the objects are counted here and listed in objects.jsonl, whose size and SHA-256 this holds. */
export const manifestSchema = manifestHeadSchema.extend({
  version: z.literal(2),
  objects: z.object({
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    list: z.object({ size: z.number().int().min(0), sha256 }),
  }),
});

/**
 * Format 1 (until 1 December 2026): every object inside the manifest. Its items are checked one by
 * one (read-backup.ts): parsed as one array, zod would copy them all.
 */
export const manifestV1Schema = manifestHeadSchema.extend({
  version: z.literal(1),
  objects: z.array(z.unknown()),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupManifestHead = z.infer<typeof manifestHeadSchema>;
export type BackupTable = BackupManifestHead['tables'][number];
export type BackupObject = z.infer<typeof objectSchema>;

/** A problem the person running backup or restore can act on; the message says what to do. */
export class BackupError extends Error {}
