import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertObjectKey, type ListedObject, type ObjectStore, type StoredObject } from './object-store.ts';
import type { S3Config } from './object-store-config.ts';

export function createS3Client(config: Omit<S3Config, 'kind' | 'bucket'>): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible services refuse the newer
    // trailing-checksum uploads, and a presigned PUT from a browser cannot send one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Objects in one bucket of AWS S3 or any S3-compatible service (MinIO, Cloudflare R2, Backblaze B2…). */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config, client: S3Client = createS3Client(config)) {
    this.client = client;
    this.bucket = config.bucket;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertObjectKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertObjectKey(key);
    try {
      const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!response.Body) return null;
      return {
        // In Node the SDK's body is the HTTP response stream itself.
        body: response.Body as Readable,
        contentType: response.ContentType ?? 'application/octet-stream',
        size: response.ContentLength ?? 0,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  /** HEAD on the bucket: it exists and these credentials reach it (no object is read or listed). */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async *list(): AsyncIterable<string> {
    for await (const object of this.listObjects(undefined)) yield object.key;
  }

  async *listWithDates(prefix: string): AsyncIterable<ListedObject> {
    yield* this.listObjects(prefix);
  }

  /** Pages through the bucket's listing (at most 1000 keys a page), which gives each object's age too. */
  private async *listObjects(prefix: string | undefined): AsyncIterable<ListedObject> {
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? null };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /**
   * Signs the method, bucket and key, and the length when it is given: S3 then refuses a body of any
   * other length, so the URL cannot store more than was declared, however often it is used before it
   * expires. The content type is not signed: the browser may send any, and the app checks the bytes
   * when the photo is attached.
   */
  async createUploadUrl(key: string, expiresInSeconds: number, contentLength?: number): Promise<string> {
    assertObjectKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(contentLength === undefined ? {} : { ContentLength: contentLength }),
    });
    return getSignedUrl(this.client, command, { expiresIn: expiresInSeconds });
  }

  /** Where this store's upload URLs point: the endpoint's origin and the path before the key. */
  private uploadUrlBase: Promise<{ origin: string; prefix: string }> | null = null;

  async keyFromUploadUrl(url: string): Promise<string | null> {
    // Learnt from a URL the SDK itself signs, so path-style and virtual-hosted buckets both match.
    this.uploadUrlBase ??= this.createUploadUrl(SAMPLE_KEY, 60).then((sample) => {
      const parsed = new URL(sample);
      return { origin: parsed.origin, prefix: parsed.pathname.slice(0, -SAMPLE_KEY.length) };
    });
    const base = await this.uploadUrlBase;
    let parsed: URL;
    try {
      parsed = new URL(url.trim());
    } catch {
      return null;
    }
    if (parsed.origin !== base.origin || !parsed.pathname.startsWith(base.prefix)) return null;
    let key: string;
    try {
      key = decodeURIComponent(parsed.pathname.slice(base.prefix.length));
    } catch {
      return null;
    }
    try {
      assertObjectKey(key);
    } catch {
      return null;
    }
    return key;
  }
}

const SAMPLE_KEY = 'incoming/sample';

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}
