import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUrlFromResumableUpload } from '#domain/photos.ts';
import { NOT_AN_IMAGE_MESSAGE } from '#server/features/photos/image-processing.ts';
import { noisyJpeg } from '#server/test-support/images.ts';
import { as } from '#server/test-support/people.ts';
import { type S3StandIn, startS3StandIn } from '#server/test-support/s3-stand-in.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { headTus, sendTusChunks, startTusUpload } from '#server/test-support/tus-client.ts';

/** Resumable uploads with S3 storage: the parts wait in the bucket, the finished photo is checked. */

let s3: S3StandIn;
const CHUNK = 32 * 1024;

beforeAll(async () => {
  s3 = await startS3StandIn('shop-photos', { listParts: true });
});
afterAll(() => s3.close());
const t = setUpTestShop(() => ({ objectStore: s3.config }));
const { alice } = setUpCast(t);

describe('resumable uploads to S3', () => {
  it('resume from the offset stored in the bucket and end in a photo batch-create accepts', async () => {
    const photo = await noisyJpeg();
    const start = await startTusUpload(t.app, as(alice), photo.length);
    expect(start.statusCode, start.body).toBe(201);
    const location = String(start.headers.location);
    const half = Math.floor(photo.length / 2);
    expect((await sendTusChunks(t.app, location, as(alice), photo.subarray(0, half), CHUNK)).statusCode).toBe(
      204,
    );
    const head = await headTus(t.app, location, as(alice));
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBe(half);
    const last = await sendTusChunks(t.app, location, as(alice), photo, CHUNK, offset);
    expect(last.statusCode, last.body).toBe(204);
    const photoURL = String(last.headers['photo-url']);
    expect(photoURL).toBe(photoUrlFromResumableUpload(location));

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/estimates/batch-create',
      headers: as(alice),
      payload: {
        vehicleInfo: { year: '2019', make: 'Toyota', model: 'Camry', licensePlate: 'S3TUS' },
        photos: [photoURL],
        vinNumber: '4T1B11HKXKU000001',
        odometerReading: '42000',
        estimateType: 'cash',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const image = await t.app.inject({ method: 'GET', url: photoURL, headers: as(alice) });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('refuse a finished upload that is not an image', async () => {
    const junk = Buffer.alloc(70_000, 7);
    const start = await startTusUpload(t.app, as(alice), junk.length);
    const last = await sendTusChunks(t.app, String(start.headers.location), as(alice), junk, CHUNK);
    expect(last.statusCode).toBe(400);
    expect(JSON.parse(last.body).message).toBe(NOT_AN_IMAGE_MESSAGE);
  });
});
