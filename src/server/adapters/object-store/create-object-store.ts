import type { AppConfig } from '../../config.js';
import { DiskObjectStore } from './disk-store.js';
import type { ObjectStore } from './object-store.js';

/** Disk or S3, as configured. The AWS SDK is loaded only when S3 is (it costs ~25 MB of memory). */
export async function createObjectStore(config: Pick<AppConfig, 'objectStore'>): Promise<ObjectStore> {
  const settings = config.objectStore;
  if (settings.kind !== 's3') return new DiskObjectStore(settings.dir);
  const { S3ObjectStore } = await import('./s3-store.js');
  return new S3ObjectStore(settings);
}
