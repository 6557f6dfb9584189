import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '#server/adapters/object-store/object-store-config.ts';
import { startListPartsProxy } from './s3-list-parts.ts';

export interface S3StandIn {
  /** Settings that point the app's S3 adapter at this server. */
  config: S3Config;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) on a free port with one empty bucket, for testing the
 * S3 adapter's real HTTP calls (path-style, key pair S3RVER/S3RVER). It parses SigV4 signatures
 * and presigned URLs but does not verify them, so signature checks are not what these tests show.
 */
export async function startS3StandIn(
  bucket = 'shop-photos',
  { listParts = false }: { listParts?: boolean } = {},
): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // Resumable uploads (@tus/s3-store) need ListParts, which s3rver lacks: see s3-list-parts.ts.
  const proxy = listParts ? await startListPartsProxy(`http://127.0.0.1:${port}`) : null;
  return {
    config: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint: proxy?.endpoint ?? `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    async close() {
      await proxy?.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
