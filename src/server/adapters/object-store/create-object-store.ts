import type { AppConfig } from '../../config.js';
import { DiskObjectStore } from './disk-store.js';
import type { ObjectStore } from './object-store.js';
import { S3ObjectStore } from './s3-store.js';

export function createObjectStore(config: Pick<AppConfig, 'objectStore'>): ObjectStore {
  const settings = config.objectStore;
  return settings.kind === 's3' ? new S3ObjectStore(settings) : new DiskObjectStore(settings.dir);
}
