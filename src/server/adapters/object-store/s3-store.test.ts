import { createHash, createHmac } from 'node:crypto';
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

  // s3rver does not check SigV4 signatures, so what S3 would do with a PUT is checked here by
  // computing the signature S3 expects for it (signatureMatches, below).
  it('signs a given length into the upload URL, so S3 takes a body of that length only', async () => {
    const url = await store.createUploadUrl('incoming/sized', 900, 9);
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect(signatureMatches(url, { 'content-length': '9' })).toBe(true);
    expect(signatureMatches(url, { 'content-length': '10' })).toBe(false);
    expect(signatureMatches(url, { 'content-length': String(5 * 1024 ** 3) })).toBe(false);

    const put = await fetch(url, {
      method: 'PUT',
      body: 'raw photo',
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(put.status).toBe(200);
    expect(await read('incoming/sized')).toBe('raw photo');
  });

  it('signs no length when none is given: any body fits that URL', async () => {
    const url = await store.createUploadUrl('incoming/unsized', 900);
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(signatureMatches(url, { 'content-length': '9' })).toBe(true);
    expect(signatureMatches(url, { 'content-length': String(5 * 1024 ** 3) })).toBe(true);
  });

  it('lists the keys under a prefix with when each was last written', async () => {
    const before = Date.now() - 1000;
    await store.put('under/a', Buffer.from('a'), 'application/octet-stream');
    await store.put('under/b/c', Buffer.from('c'), 'application/octet-stream');
    await store.put('underneath', Buffer.from('x'), 'application/octet-stream');
    const listed = [];
    for await (const object of store.listWithDates('under/')) listed.push(object);
    expect(listed.map((object) => object.key).sort()).toEqual(['under/a', 'under/b/c']);
    for (const { lastModified } of listed) {
      expect(lastModified?.getTime()).toBeGreaterThanOrEqual(before);
      expect(lastModified?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
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

/**
 * Whether a presigned URL's signature holds for a PUT sent with these headers, computed as S3 does
 * (SigV4, query-string form, unsigned payload): S3 refuses the PUT when it does not.
 */
function signatureMatches(presigned: string, headers: Record<string, string>): boolean {
  const url = new URL(presigned);
  const query = url.searchParams;
  const signedHeaders = query.get('X-Amz-SignedHeaders') ?? '';
  const sent: Record<string, string> = { ...headers, host: url.host };
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
    .sort()
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${(sent[name] ?? '').trim()}\n`)
    .join('');
  const canonicalRequest = [
    'PUT',
    url.pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [accessKeyId, ...scope] = (query.get('X-Amz-Credential') ?? '').split('/');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    query.get('X-Amz-Date'),
    scope.join('/'),
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  expect(accessKeyId).toBe(s3.config.credentials?.accessKeyId);
  let key: Buffer = Buffer.from(`AWS4${s3.config.credentials?.secretAccessKey}`);
  for (const part of scope) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(stringToSign).digest('hex') === query.get('X-Amz-Signature');
}

function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
