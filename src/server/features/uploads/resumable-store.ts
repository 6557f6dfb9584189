import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { ObjectStoreConfig } from '#server/adapters/object-store/object-store-config.ts';

/** A resumable upload never finished within a day is abandoned, like an unattached photo. */
export const RESUMABLE_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** A tus data store that can also hand back a finished upload's bytes (both stores can). */
export type ResumableStore = DataStore & { read(id: string): unknown };

/**
 * Where the parts of resumable uploads wait until the last byte arrives: `DATA_DIR/uploads-in-progress`
 * with disk storage, the photos' bucket (S3 multipart uploads) with S3. Finished uploads are read
 * once, checked and stored as photos like any other, then removed from here.
 */
export async function createResumableStore(
  objectStore: ObjectStoreConfig,
  dataDir: string,
): Promise<ResumableStore> {
  if (objectStore.kind !== 's3') {
    return new FileStore({
      directory: path.join(dataDir, 'uploads-in-progress'),
      expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS,
    });
  }
  // The AWS SDK is loaded only when S3 is configured (see create-object-store.ts).
  const { S3Store } = await import('@tus/s3-store');
  return new S3Store({
    // S3's smallest multipart part; the browser's smaller chunks are gathered on the server first.
    partSize: 5 * 1024 * 1024,
    expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS,
    // Expiry is handled by cleanUpExpiredUploads, not by bucket lifecycle tags every service may not know.
    useTags: false,
    s3ClientConfig: {
      bucket: objectStore.bucket,
      region: objectStore.region,
      ...(objectStore.endpoint ? { endpoint: objectStore.endpoint } : {}),
      ...(objectStore.credentials ? { credentials: objectStore.credentials } : {}),
      forcePathStyle: objectStore.forcePathStyle,
      // As in the photo store (s3-store.ts): many S3-compatible services refuse trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
}

/** Removes an upload's parts; an upload already gone (expired, cancelled) is fine, any other failure is thrown. */
export async function removeResumableUpload(store: ResumableStore, id: string): Promise<void> {
  try {
    await store.remove(id);
  } catch (error) {
    // tus stores throw their FILE_NOT_FOUND ({ status_code: 404 }) for an upload they do not have.
    if ((error as { status_code?: unknown } | null)?.status_code !== 404) throw error;
  }
}
