import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { photoIdFromUrl } from '#domain/photos.ts';
import { S3ObjectStore } from '#server/adapters/object-store/s3-store.ts';
import { jpegWithGps } from '#server/test-support/images.ts';
import { as } from '#server/test-support/people.ts';
import { type S3StandIn, startS3StandIn } from '#server/test-support/s3-stand-in.ts';
import { isStored } from '#server/test-support/stored-objects.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { deleteAbandonedPhotos, INCOMING_SWEPT_AFTER_SECONDS, sweepIncomingUploads } from './cleanup.ts';
import { incomingObjectKey } from './photo-objects.ts';
import { prepareUploadedPhotos } from './service.ts';

/** What S3 uploads leave under incoming/: swept once their URLs have expired, unless a photo waits for it. */

let s3: S3StandIn;
let store: S3ObjectStore;
beforeAll(async () => {
  s3 = await startS3StandIn();
  store = new S3ObjectStore(s3.config);
});
afterAll(() => s3.close());
const t = setUpTestShop(() => ({ objectStore: s3.config }));
const { alice } = setUpCast(t);

const HOUR_MS = 3_600_000;
const later = (ms: number) => new Date(Date.now() + ms);
/** The first hourly run that finds today's uploads past their URLs' lifetime. */
const onceUrlsExpired = () => later(INCOMING_SWEPT_AFTER_SECONDS * 1000 + 60_000);

function quietLog() {
  const warnings: { details: object; message: string }[] = [];
  return { warnings, warn: (details: object, message: string) => warnings.push({ details, message }) };
}

/** A ticket (with no size, as the spec's client asks: any length fits its URL) and the first PUT. */
async function uploaded() {
  const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: as(alice) });
  expect(res.statusCode).toBe(200);
  const { uploadURL, photoURL } = res.json() as { uploadURL: string; photoURL: string };
  expect((await put(uploadURL, await jpegWithGps(60, 40))).status).toBe(200);
  return { uploadURL, photoURL, key: incomingObjectKey(photoIdFromUrl(photoURL) ?? '') };
}

function put(url: string, body: Buffer) {
  return fetch(url, { method: 'PUT', body: new Uint8Array(body), headers: { 'content-type': 'image/jpeg' } });
}

function sendEstimate(photos: string[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/estimates/batch-create',
    headers: as(alice),
    payload: {
      vehicleInfo: { year: '2019', make: 'Toyota', model: 'Camry', licensePlate: 'SWEEP1' },
      photos,
      vinNumber: '4T1B11HKXKU000001',
      odometerReading: '42000',
      estimateType: 'cash',
    },
  });
}

describe('sweeping incoming/ (S3)', () => {
  it('deletes an original PUT again after its photo was attached, once its URL has expired', async () => {
    const { uploadURL, photoURL, key } = await uploaded();
    expect((await sendEstimate([photoURL])).statusCode).toBe(201);
    expect(await isStored(store, key)).toBe(false);

    // The URL still works for the rest of its 15 minutes; nothing deletes what it writes now.
    expect((await put(uploadURL, Buffer.alloc(1024 * 1024, 0xff))).status).toBe(200);
    await deleteAbandonedPhotos(t.db, store, quietLog());
    expect(await isStored(store, key)).toBe(true);

    const log = quietLog();
    expect(await deleteAbandonedPhotos(t.db, store, log, { now: onceUrlsExpired() })).toBe(0);
    expect(await isStored(store, key)).toBe(false);
    expect(log.warnings.map((warning) => warning.message)).toContain('deleted uploads left under incoming/');
  });

  it('keeps an upload waiting to be attached for the day its photo lasts, so it can still be sent', async () => {
    const { photoURL, key } = await uploaded();
    await deleteAbandonedPhotos(t.db, store, quietLog(), { now: onceUrlsExpired() });
    await deleteAbandonedPhotos(t.db, store, quietLog(), { now: later(23 * HOUR_MS) });
    expect(await isStored(store, key)).toBe(true);

    const sent = await sendEstimate([photoURL]);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().estimate.photos).toEqual([photoURL]);
  });

  it('deletes an original whose delete failed when its photo was attached', async () => {
    /** The bucket refusing deletes for a moment: the attach goes on, leaving the original behind. */
    class BucketThatCannotDelete extends S3ObjectStore {
      override async delete(): Promise<void> {
        throw new Error('connect ETIMEDOUT 10.20.30.40:443');
      }
    }
    const { photoURL, key } = await uploaded();
    const failing = { db: t.db, store: new BucketThatCannotDelete(s3.config) };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await prepareUploadedPhotos(failing, alice.user, [photoURL])).toHaveLength(1);
      expect(warn).toHaveBeenCalledWith('could not delete a photo object', expect.anything());
    } finally {
      warn.mockRestore();
    }
    expect(await isStored(store, key)).toBe(true);

    await sweepIncomingUploads(t.db, store, quietLog(), onceUrlsExpired());
    expect(await isStored(store, key)).toBe(false);
  });

  it('deletes what has no waiting photo under incoming/, and nothing outside it', async () => {
    const orphan = incomingObjectKey(randomUUID());
    const outside = ['photos/kept.jpg', `${randomUUID()}.info`, 'incomingx/kept'];
    for (const key of [orphan, 'incoming/not-a-photo-id', ...outside]) {
      await store.put(key, Buffer.from('x'), 'application/octet-stream');
    }
    expect(await sweepIncomingUploads(t.db, store, quietLog(), onceUrlsExpired())).toBeGreaterThanOrEqual(2);
    expect(await isStored(store, orphan)).toBe(false);
    expect(await isStored(store, 'incoming/not-a-photo-id')).toBe(false);
    for (const key of outside) expect(await isStored(store, key), key).toBe(true);
  });
});
