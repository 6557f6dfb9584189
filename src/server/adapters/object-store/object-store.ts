import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
}

/** A key as a listing gives it, with when its object was last written (null when the store does not say). */
export interface ListedObject {
  key: string;
  lastModified: Date | null;
}

/** Where photo bytes live: local disk by default, an S3-compatible bucket by configuration. */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Writes the whole object; a reader sees the old object or the new one, never a part. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Resolves when the store can be used (disk: the folder exists or can be made, and may be read and
   * written; S3: the bucket answers a HEAD with these credentials); rejects with the reason otherwise.
   * Cheap enough for a readiness probe: it reads and writes no object.
   */
  ping(): Promise<void>;
  /** Every key in the store, in no particular order (for backups; not used while serving requests). */
  list(): AsyncIterable<string>;
  /**
   * A URL the browser may PUT one object's bytes to without credentials, until it expires; with a
   * `contentLength`, only a body of exactly that many bytes is accepted.
   * Only stores the browser can reach directly have it (S3); disk uploads go through the app.
   */
  createUploadUrl?(key: string, expiresInSeconds: number, contentLength?: number): Promise<string>;
  /**
   * The objects whose keys start with `prefix`, with their ages, in no particular order. Only the
   * stores with createUploadUrl have it: what a browser PUTs there is written without the app, so the
   * app sweeps it by age (photos/cleanup.ts).
   */
  listWithDates?(prefix: string): AsyncIterable<ListedObject>;
  /**
   * The key a URL made by createUploadUrl names (its query string, signature included, is ignored),
   * or null when the URL is not one of this store's: another host, bucket or path shape.
   */
  keyFromUploadUrl?(url: string): Promise<string | null>;
}

/** Keys are ours ('photos/<id>.jpg'): plain segments only, so no key can name a path outside the store. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertObjectKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((segment) => segment.includes('..'))) {
    throw new Error(`invalid object key: ${JSON.stringify(key)}`);
  }
}
