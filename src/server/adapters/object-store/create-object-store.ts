import { DiskObjectStore } from './disk-store.ts';
import type { ObjectStore } from './object-store.ts';
import type { ObjectStoreConfig } from './object-store-config.ts';

/** Disk or S3, as configured. The AWS SDK is loaded only when S3 is (it costs ~25 MB of memory). */
export async function createObjectStore(config: { objectStore: ObjectStoreConfig }): Promise<ObjectStore> {
  const settings = config.objectStore;
  if (settings.kind !== 's3') return new DiskObjectStore(settings.dir);
  const { S3ObjectStore } = await import('./s3-store.ts');
  return new S3ObjectStore(settings);
}
