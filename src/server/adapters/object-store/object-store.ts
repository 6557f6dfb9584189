import type { Readable } from 'node:stream';

/** Where photo bytes live: local disk by default, an S3-compatible bucket by configuration. */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}
