import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3StandIn, startS3StandIn } from '../../test-support/s3-stand-in.js';
import { S3ObjectStore } from './s3-store.js';

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

  it('refuses unsafe keys before calling the service', async () => {
    await expect(store.put('../x', Buffer.from('x'), 'image/jpeg')).rejects.toThrow('invalid object key');
  });
});
