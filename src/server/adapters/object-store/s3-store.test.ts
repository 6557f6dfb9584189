import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3StandIn, startS3StandIn } from '#server/test-support/s3-stand-in.ts';
import { S3ObjectStore } from './s3-store.ts';

let s3: S3StandIn;
let store: S3ObjectStore;

beforeAll(async () => {
  s3 = await startS3StandIn();
  store = new S3ObjectStore(s3.config);
});
afterAll(() => s3.close());

async function read(key: string): Promise<string> {
  const object = await store.get(key);
  if (!object) throw new Error(`no object ${key}`);
  return text(object.body);
}

describe('S3ObjectStore against an S3-compatible server', () => {
  it('puts, gets and deletes an object with its content type', async () => {
    await store.put('photos/one.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const object = await store.get('photos/one.jpg');
    expect(object?.contentType).toBe('image/jpeg');
    expect(object?.size).toBe(10);
    expect(await text(object?.body ?? Readable.from([]))).toBe('jpeg bytes');

    await store.delete('photos/one.jpg');
    expect(await store.get('photos/one.jpg')).toBeNull();
  });

  it('treats missing objects as absent, not as errors', async () => {
    expect(await store.get('photos/missing.jpg')).toBeNull();
    await expect(store.delete('photos/missing.jpg')).resolves.toBeUndefined();
  });

  it('makes a presigned URL a plain PUT without credentials can use', async () => {
    const url = await store.createUploadUrl('incoming/upload-1', 900);
    expect(url).toContain('X-Amz-Signature=');
    const put = await fetch(url, {
      method: 'PUT',
      body: 'raw photo',
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBeTruthy();
    expect(await read('incoming/upload-1')).toBe('raw photo');
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('900');
  });

  it('lists every key in the bucket', async () => {
    const keys = ['listing/a.jpg', 'listing/b.jpg', 'listing/c/d.webp'];
    for (const key of keys) await store.put(key, Buffer.from(key), 'image/jpeg');
    const listed = (await listAll(store.list())).filter((key) => key.startsWith('listing/'));
    expect(listed.sort()).toEqual(keys);
  });

  // s3rver cannot page (its continuation tokens need DES, which Node's OpenSSL 3 lacks), so the
  // paging loop is checked against a client that answers ListObjectsV2 two keys at a time.
  it('follows continuation tokens to the last page', async () => {
    const keys = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'];
    const requests: (string | undefined)[] = [];
    const client = {
      async send(command: ListObjectsV2Command) {
        const token = command.input.ContinuationToken;
        requests.push(token);
        const start = token ? Number(token) : 0;
        const next = start + 2;
        return {
          Contents: keys.slice(start, next).map((Key) => ({ Key })),
          IsTruncated: next < keys.length,
          NextContinuationToken: next < keys.length ? String(next) : undefined,
        };
      },
    } as unknown as S3Client;
    const paged = new S3ObjectStore(s3.config, client);
    expect(await listAll(paged.list())).toEqual(keys);
    expect(requests).toEqual([undefined, '2', '4']);
  });

  it('pings the bucket, and fails for a bucket that does not exist', async () => {
    await expect(store.ping()).resolves.toBeUndefined();
    const missing = new S3ObjectStore({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(missing.ping()).rejects.toThrow();
  });

  it('refuses unsafe keys before calling the service', async () => {
    await expect(store.put('../x', Buffer.from('x'), 'image/jpeg')).rejects.toThrow('invalid object key');
  });
});

async function listAll(keys: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all;
}
