import type { S3Config } from '#server/adapters/object-store/object-store-config.ts';

/** BACKUP_DIR or BACKUP_S3_BUCKET: the folder or the bucket backups go to. */
export type BackupTargetConfig = { kind: 'disk'; dir: string } | S3Config;

/**
 * Where scheduled backups are kept: a folder (BACKUP_DIR) or a bucket (BACKUP_S3_BUCKET). A backup is
 * first written to a local file, checked there, and only then stored; names sort by time.
 */
export interface BackupTarget {
  readonly kind: 'disk' | 's3';
  /** The folder or `s3://bucket`, for messages. */
  readonly location: string;
  /** The local file to write backup `name` to before `store` keeps it. */
  stagingFile(name: string): Promise<string>;
  /** Keeps the checked file under `name` (disk: it is already in place); returns its size in bytes. */
  store(name: string, file: string): Promise<number>;
  /** Removes a staged file that is not to be kept (it failed its check). */
  discard(file: string): Promise<void>;
  /** The names of the scheduled backups held, oldest first (other files are left alone). */
  list(): Promise<string[]>;
  delete(name: string): Promise<void>;
}

/** `shop-2026-11-23T07-00-00-000Z.tar.gz`: the time it was started, in UTC, sortable as text. */
const NAME = /^shop-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;

export function backupName(startedAt: Date): string {
  return `shop-${startedAt.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

export function isBackupName(name: string): boolean {
  return NAME.test(name);
}
