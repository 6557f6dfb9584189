/** A bucket and how to reach it: the photo store's (S3_BUCKET) or the backups' (BACKUP_S3_BUCKET). */
export interface S3Config {
  kind: 's3';
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); unset means AWS itself. */
  endpoint: string | null;
  /** Unset means the AWS SDK's own credential chain (instance role, AWS_* variables, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

/** Where uploaded photos live: a folder, or a bucket. */
export type ObjectStoreConfig = { kind: 'disk'; dir: string } | S3Config;

/** The S3_* settings, shared by the photo bucket and the backup bucket. */
export interface S3Env {
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}

export function s3Config(e: S3Env, bucket: string): S3Config {
  return {
    kind: 's3',
    bucket,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT ?? null,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
