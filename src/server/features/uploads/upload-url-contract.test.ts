import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUrl } from '#domain/photos.ts';
import { createEstimate } from '#server/db/factories.ts';
import { NOT_YOUR_PHOTOS, UPLOAD_NOT_FINISHED } from '#server/features/photos/service.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/** The spec's upload contract on disk: a photo may be named by the uploadURL it was sent to. */

const APP_URL = 'https://shop.example';
const objectsDir = mkdtempSync(path.join(tmpdir(), 'shop-upload-url-contract-'));
let image: Buffer;

afterAll(() => rmSync(objectsDir, { recursive: true, force: true }));
const t = setUpTestShop({ appUrl: APP_URL, objectStore: { kind: 'disk', dir: objectsDir } });
const { alice, bob } = setUpCast(t);
beforeAll(async () => {
  image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});

/** POST /api/objects/upload, then (unless told not to) the PUT of the bytes to its uploadURL. */
async function uploaded(person: Person, send = true): Promise<{ uploadURL: string; photoURL: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: as(person) });
  expect(res.statusCode).toBe(200);
  const ticket = res.json() as { uploadURL: string; photoURL: string };
  if (send) {
    const put = await t.app.inject({
      method: 'PUT',
      url: ticket.uploadURL,
      payload: image,
      headers: { ...as(person), 'content-type': 'image/jpeg' },
    });
    expect(put.statusCode, put.body).toBe(200);
  }
  return ticket;
}

const create = (person: Person, photos: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/estimates/batch-create',
    headers: as(person),
    payload: {
      vehicleInfo: { year: '2019', make: 'Toyota', model: 'Camry', licensePlate: 'ABC123' },
      photos,
      vinNumber: '4T1B11HKXKU000001',
      odometerReading: '42000',
      estimateType: 'cash',
    },
  });

const attach = (person: Person, estimateId: string, photoURL: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/estimates/${estimateId}/photos`,
    headers: as(person),
    payload: { photoURL },
  });

describe('security: the spec upload contract (photos named by their disk uploadURL)', () => {
  it('batch-create accepts uploadURLs, relative, with a query string, or absolute on APP_URL', async () => {
    const plain = await uploaded(alice);
    const withQuery = await uploaded(alice);
    const absolute = await uploaded(alice);
    const res = await create(alice, [
      plain.uploadURL,
      `${withQuery.uploadURL}?x-id=PutObject`,
      `${APP_URL}${absolute.uploadURL}`,
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().estimate.photos).toEqual([plain.photoURL, withQuery.photoURL, absolute.photoURL]);
  });

  it('PUT /api/estimates/{id}/photos accepts an uploadURL', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    const photo = await uploaded(alice);
    const res = await attach(alice, estimate.id, photo.uploadURL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photos).toEqual([photo.photoURL]);
  });

  it('keeps the checks: same uploader, uploaded, not yet attached', async () => {
    const alices = await uploaded(alice);
    const stolen = await create(bob, [alices.uploadURL]);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ message: NOT_YOUR_PHOTOS });

    const unsent = await uploaded(alice, false);
    const early = await create(alice, [unsent.uploadURL]);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: UPLOAD_NOT_FINISHED });

    expect((await create(alice, [alices.uploadURL])).statusCode).toBe(201);
    const again = await create(alice, [alices.uploadURL]);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: NOT_YOUR_PHOTOS });
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    expect((await attach(alice, estimate.id, alices.photoURL)).statusCode).toBe(400);
  });

  it('refuses an uploadURL on a foreign host or of another shape', async () => {
    const photo = await uploaded(alice);
    const id = photo.photoURL.split('/').pop() ?? '';
    for (const url of [
      `https://evil.example${photo.uploadURL}`,
      `//evil.example${photo.uploadURL}`,
      `/api/objects/upload/${id}`,
      `https://evil.example/bucket/incoming/${id}`,
    ]) {
      const res = await create(alice, [url]);
      expect(res.statusCode, url).toBe(400);
    }
    // Still free: the photo was never taken by a refused request.
    expect((await create(alice, [photoUrl(id)])).statusCode).toBe(201);
  });
});
