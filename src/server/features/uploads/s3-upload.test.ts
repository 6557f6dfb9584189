import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, photoIdFromUrl } from '#domain/photos.ts';
import { S3ObjectStore } from '#server/adapters/object-store/s3-store.ts';
import { AppError } from '#server/app-error.ts';
import { createUser } from '#server/db/factories.ts';
import { photos, type UserRow } from '#server/db/schema.ts';
import { NOT_AN_IMAGE_MESSAGE, TOO_LARGE_MESSAGE } from '#server/features/photos/image-processing.ts';
import { incomingObjectKey } from '#server/features/photos/photo-objects.ts';
import { prepareUploadedPhotos, UPLOAD_NOT_FINISHED } from '#server/features/photos/service.ts';
import { sessionCookie } from '#server/test-support/app.ts';
import { jpegWithGps } from '#server/test-support/images.ts';
import { type S3StandIn, startS3StandIn } from '#server/test-support/s3-stand-in.ts';
import { setUpTestShop } from '#server/test-support/test-shop.ts';

/** The S3 path end to end: presigned PUT from "the browser", then processing when the estimate is sent. */

let s3: S3StandIn;
let store: S3ObjectStore;
let alice: UserRow;
let cookie: string;

beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());
const t = setUpTestShop(() => ({ objectStore: s3.config }));
beforeAll(async () => {
  store = new S3ObjectStore(s3.config);
  alice = await createUser(t.database.db, { email: 'alice@example.com', password: 'alice-password' });
  cookie = sessionCookie(
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'alice@example.com', password: 'alice-password' },
    }),
  );
});

async function ticket(payload?: { size: number }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers: { cookie },
    ...(payload && { payload }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { uploadURL: string; photoURL: string };
  return { ...body, photoId: photoIdFromUrl(body.photoURL) ?? '' };
}

async function browserPut(url: string, body: Buffer | string) {
  const bytes = typeof body === 'string' ? body : new Uint8Array(body);
  return fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': 'image/jpeg' } });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('uploads with S3', () => {
  it('hands out a presigned URL to the bucket for the incoming object', async () => {
    const { uploadURL, photoId } = await ticket();
    const url = new URL(uploadURL);
    expect(url.origin).toBe(s3.config.endpoint);
    expect(url.pathname).toBe(`/${s3.config.bucket}/${incomingObjectKey(photoId)}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    // The spec's ticket has no body, so no size: the URL takes any length (checked at attach time).
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    // The app itself takes no upload bytes when S3 is in use.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/objects/upload/${photoId}.x.y`,
      headers: { cookie, 'content-type': 'image/jpeg' },
      payload: Buffer.from('x'),
    });
    expect(put.statusCode).toBe(404);
  });

  // That S3 then refuses any other length is shown in s3-store.test.ts (s3rver checks no signature).
  it('signs the size the browser declares into the upload URL', async () => {
    const photo = await jpegWithGps();
    const { uploadURL, photoURL, photoId } = await ticket({ size: photo.length });
    expect(new URL(uploadURL).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
    expect((await browserPut(uploadURL, photo)).status).toBe(200);
    expect(await prepareUploadedPhotos({ db: t.database.db, store }, alice, [photoURL])).toEqual([photoId]);
  });

  it('refuses a declared size over 10 MB before making a photo or a URL', async () => {
    const count = async () =>
      (await t.database.db.select().from(photos).where(eq(photos.uploaderId, alice.id))).length;
    const before = await count();
    for (const payload of [{ size: MAX_PHOTO_BYTES + 1 }, { size: 5 * 1024 ** 3 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers: { cookie },
        payload,
      });
      expect([res.statusCode, res.json().message]).toEqual([413, TOO_LARGE_MESSAGE]);
    }
    for (const size of [-1, 1.5, '10', Number.MAX_SAFE_INTEGER + 2]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers: { cookie },
        payload: { size },
      });
      expect(res.statusCode, String(size)).toBe(400);
    }
    expect(await count()).toBe(before);
    // The limit itself is fine.
    await ticket({ size: MAX_PHOTO_BYTES });
  });

  it('processes the uploaded original when the estimate is sent, then serves it without GPS', async () => {
    const { uploadURL, photoURL, photoId } = await ticket();
    expect((await browserPut(uploadURL, await jpegWithGps())).status).toBe(200);

    const ids = await prepareUploadedPhotos({ db: t.database.db, store }, alice, [photoURL]);
    expect(ids).toEqual([photoId]);
    const [row] = await t.database.db.select().from(photos).where(eq(photos.id, photoId));
    expect(row).toMatchObject({ status: 'ready', width: 800, height: 1200, contentType: 'image/jpeg' });
    expect(await store.get(incomingObjectKey(photoId))).toBeNull();

    const served = await t.app.inject({ method: 'GET', url: photoURL, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([800, 1200]);
    const thumb = await t.app.inject({ method: 'GET', url: `${photoURL}/thumbnail`, headers: { cookie } });
    expect(thumb.headers['content-type']).toBe('image/webp');

    // Sending again (a retried submit) finds it ready and does the work only once.
    expect(await prepareUploadedPhotos({ db: t.database.db, store }, alice, [photoURL])).toEqual([photoId]);
  });

  it('keeps the uploaded original when the photo cannot be stored, so sending again finishes it', async () => {
    /** The bucket refusing writes for a moment (a network blip, a throttled request). */
    class BucketThatCannotWrite extends S3ObjectStore {
      override async put(): Promise<void> {
        throw new Error('connect ETIMEDOUT 10.20.30.40:443');
      }
    }
    const { uploadURL, photoURL, photoId } = await ticket();
    expect((await browserPut(uploadURL, await jpegWithGps())).status).toBe(200);
    const failing = { db: t.database.db, store: new BucketThatCannotWrite(s3.config) };
    await expect(prepareUploadedPhotos(failing, alice, [photoURL])).rejects.toThrow('ETIMEDOUT');
    expect(await store.get(incomingObjectKey(photoId))).not.toBeNull();

    expect(await prepareUploadedPhotos({ db: t.database.db, store }, alice, [photoURL])).toEqual([photoId]);
    const [row] = await t.database.db.select().from(photos).where(eq(photos.id, photoId));
    expect(row?.status).toBe('ready');
    expect(await store.get(incomingObjectKey(photoId))).toBeNull();
  });

  it('refuses a fake image, deleting what was uploaded', async () => {
    const { uploadURL, photoURL, photoId } = await ticket();
    expect((await browserPut(uploadURL, 'text saved as photo.jpg')).status).toBe(200);
    const error = await refusal(prepareUploadedPhotos({ db: t.database.db, store }, alice, [photoURL]));
    expect([error.statusCode, error.message]).toEqual([400, NOT_AN_IMAGE_MESSAGE]);
    expect(await store.get(incomingObjectKey(photoId))).toBeNull();
    const [row] = await t.database.db.select().from(photos).where(eq(photos.id, photoId));
    expect(row?.status).toBe('awaiting_upload');
  });

  it('refuses an original over 10 MB without reading it, deleting it', async () => {
    const { uploadURL, photoURL, photoId } = await ticket();
    expect((await browserPut(uploadURL, Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff))).status).toBe(200);
    const error = await refusal(prepareUploadedPhotos({ db: t.database.db, store }, alice, [photoURL]));
    expect([error.statusCode, error.message]).toEqual([413, TOO_LARGE_MESSAGE]);
    expect(await store.get(incomingObjectKey(photoId))).toBeNull();
  });

  it('refuses a photo whose upload never reached the bucket', async () => {
    const { photoURL } = await ticket();
    const error = await refusal(prepareUploadedPhotos({ db: t.database.db, store }, alice, [photoURL]));
    expect([error.statusCode, error.message]).toEqual([400, UPLOAD_NOT_FINISHED]);
  });
});

describe('security: the spec upload contract (photos named by their S3 uploadURL)', () => {
  const batchCreate = (photos: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/estimates/batch-create',
      headers: { cookie },
      payload: {
        vehicleInfo: { year: '2019', make: 'Toyota', model: 'Camry', licensePlate: 'S3PLATE' },
        photos,
        vinNumber: '4T1B11HKXKU000001',
        odometerReading: '42000',
        estimateType: 'cash',
      },
    });

  it('batch-create accepts the presigned uploadURL, with or without its query string', async () => {
    const signed = await ticket();
    const bare = await ticket();
    expect((await browserPut(signed.uploadURL, await jpegWithGps(60, 40))).status).toBe(200);
    expect((await browserPut(bare.uploadURL, await jpegWithGps(60, 40))).status).toBe(200);
    const res = await batchCreate([signed.uploadURL, bare.uploadURL.split('?')[0] ?? '']);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().estimate.photos).toEqual([signed.photoURL, bare.photoURL]);
  });

  it('refuses an uploadURL of another host or bucket, and one not yet uploaded', async () => {
    const { uploadURL, photoId } = await ticket();
    const url = new URL(uploadURL);
    for (const foreign of [
      `https://evil.example${url.pathname}${url.search}`,
      `${url.origin}/other-bucket/${incomingObjectKey(photoId)}`,
      `${url.origin}/${s3.config.bucket}/photos/${photoId}.jpg`,
    ]) {
      const res = await batchCreate([foreign]);
      expect(res.statusCode, foreign).toBe(400);
    }
    const early = await batchCreate([uploadURL]);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: UPLOAD_NOT_FINISHED });
  });
});
