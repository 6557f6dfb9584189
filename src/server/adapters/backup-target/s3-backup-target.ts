import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '#server/adapters/object-store/object-store-config.ts';
import { createS3Client } from '#server/adapters/object-store/s3-store.ts';
import { type BackupTarget, isBackupName } from './backup-target.ts';

/**
 * Backups as objects in their own bucket, through the same endpoint, region and key as the photo store.
 * Each is written and checked in a temporary folder, then uploaded in one streamed PUT (up to 5 GB).
 */
export class S3BackupTarget implements BackupTarget {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config, client: S3Client = createS3Client(config)) {
    this.client = client;
    this.bucket = config.bucket;
  }

  get location(): string {
    return `s3://${this.bucket}`;
  }

  async stagingFile(name: string): Promise<string> {
    return path.join(await mkdtemp(path.join(tmpdir(), 'shop-scheduled-backup-')), name);
  }

  async store(name: string, file: string): Promise<number> {
    try {
      const { size } = await stat(file);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: 'application/gzip',
        }),
      );
      return size;
    } finally {
      await this.discard(file);
    }
  }

  async discard(file: string): Promise<void> {
    await rm(path.dirname(file), { recursive: true, force: true });
  }

  async list(): Promise<string[]> {
    const names: string[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: 'shop-',
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? [])
        if (object.Key && isBackupName(object.Key)) names.push(object.Key);
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
    return names.sort();
  }

  async delete(name: string): Promise<void> {
    if (!isBackupName(name)) throw new Error(`not a backup name: ${name}`);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }
}
