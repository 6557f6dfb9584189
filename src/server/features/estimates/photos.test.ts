import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTOS_PER_ESTIMATE, photoUrl } from '#domain/photos.ts';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { createEstimate, createUploadedPhoto } from '#server/db/factories.ts';
import { estimates, photos } from '#server/db/schema.ts';
import { NOT_YOUR_PHOTOS } from '#server/features/photos/service.ts';
import { openTestDatabase, type TestApp, testConfig } from '#server/test-support/app.ts';
import { as, createCast, type Person } from '#server/test-support/people.ts';
import { isStored } from '#server/test-support/stored-objects.ts';
import { NOT_THIS_ESTIMATES_PHOTO, PHOTO_LISTED_TWICE, TOO_MANY_PHOTOS } from './estimate-photos.ts';

const objectsDir = mkdtempSync(path.join(tmpdir(), 'shop-estimate-photos-'));
const store = new DiskObjectStore(objectsDir);
let t: TestApp;
let alice: Person;
let bob: Person;
let admin: Person;

beforeAll(async () => {
  // Built here with a store of its own, so the test can look at the objects.
  const database: Database = await openTestDatabase();
  const app = await buildApp({ config: testConfig(), database, store });
  t = {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  ({ alice, bob, admin } = await createCast(t));
});
afterAll(async () => {
  await t.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const attach = (id: string, photoURL: unknown, person?: Person) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/estimates/${id}/photos`,
    headers: as(person),
    payload: { photoURL },
  });
const setPhotos = (id: string, urls: string[], person?: Person) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/estimates/${id}`,
    headers: as(person),
    payload: { photos: urls },
  });

/** An estimate of Alice's with `count` photos she uploaded, their bytes in the store. */
async function estimateWithPhotos(count: number) {
  const { db } = t.database;
  const estimate = await createEstimate(db, { userId: alice.user.id });
  const rows = [];
  for (let position = 0; position < count; position++) {
    const row = await createUploadedPhoto(db, {
      uploaderId: alice.user.id,
      estimateId: estimate.id,
      position,
    });
    await store.put(row.objectKey, Buffer.from(`photo ${position}`), 'image/jpeg');
    if (row.thumbnailKey) await store.put(row.thumbnailKey, Buffer.from(`thumb ${position}`), 'image/webp');
    rows.push(row);
  }
  return { estimate, urls: rows.map((row) => photoUrl(row.id)), rows };
}

const updatedAt = async (id: string) =>
  (await t.database.db.select({ at: estimates.updatedAt }).from(estimates).where(eq(estimates.id, id)))[0]
    ?.at;

describe('PUT /api/estimates/{id}/photos', () => {
  it('adds a photo the owner uploaded after the others, and marks the estimate changed', async () => {
    const { estimate, urls } = await estimateWithPhotos(2);
    const before = await updatedAt(estimate.id);
    const upload = await createUploadedPhoto(t.database.db, { uploaderId: alice.user.id });
    const res = await attach(estimate.id, photoUrl(upload.id), alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().photos).toEqual([...urls, photoUrl(upload.id)]);
    expect((await updatedAt(estimate.id))?.getTime()).toBeGreaterThan(before?.getTime() ?? 0);
  });

  it("lets the shop add its own upload to a customer's estimate", async () => {
    const { estimate } = await estimateWithPhotos(0);
    const upload = await createUploadedPhoto(t.database.db, { uploaderId: admin.user.id });
    const res = await attach(estimate.id, `http://localhost:5000${photoUrl(upload.id)}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().photos).toEqual([photoUrl(upload.id)]);
  });

  it('refuses a photo someone else uploaded, or one already on an estimate', async () => {
    const { estimate, urls } = await estimateWithPhotos(1);
    const bobsUpload = await createUploadedPhoto(t.database.db, { uploaderId: bob.user.id });
    const notHers = await attach(estimate.id, photoUrl(bobsUpload.id), alice);
    expect(notHers.statusCode).toBe(400);
    expect(notHers.json()).toEqual({ message: NOT_YOUR_PHOTOS });

    const other = await estimateWithPhotos(0);
    const taken = await attach(other.estimate.id, urls[0], alice);
    expect(taken.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(photos).where(eq(photos.objectKey, bobsUpload.objectKey));
    expect(row?.estimateId).toBeNull();
  });

  it("answers another customer's estimate with 404 and anonymous callers with 401", async () => {
    const { estimate } = await estimateWithPhotos(0);
    const bobsUpload = await createUploadedPhoto(t.database.db, { uploaderId: bob.user.id });
    const res = await attach(estimate.id, photoUrl(bobsUpload.id), bob);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Estimate not found' });
    expect((await attach(estimate.id, photoUrl(bobsUpload.id))).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(photos).where(eq(photos.id, bobsUpload.id));
    expect(row?.estimateId).toBeNull();
  });

  it(`stops at ${MAX_PHOTOS_PER_ESTIMATE} photos`, async () => {
    const { estimate } = await estimateWithPhotos(MAX_PHOTOS_PER_ESTIMATE);
    const upload = await createUploadedPhoto(t.database.db, { uploaderId: alice.user.id });
    const res = await attach(estimate.id, photoUrl(upload.id), alice);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: TOO_MANY_PHOTOS });
  });

  it('refuses anything but a photo URL', async () => {
    const { estimate } = await estimateWithPhotos(0);
    for (const photoURL of ['https://evil.example/x.jpg', '', 42, null, ['x'], 'x'.repeat(3000)]) {
      const res = await attach(estimate.id, photoURL, alice);
      expect(res.statusCode, String(photoURL).slice(0, 20)).toBe(400);
      expect(res.json().message).toMatch(/^Each photo must be a photo/);
    }
  });
});

describe('PATCH /api/estimates/{id} {photos}: remove and reorder', () => {
  it('reorders the photos as listed', async () => {
    const { estimate, urls } = await estimateWithPhotos(3);
    const order = [urls[2], urls[0], urls[1]] as string[];
    const res = await setPhotos(estimate.id, order, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().photos).toEqual(order);
    expect(res.json().thumbnails).toEqual(order.map((url) => `${url}/thumbnail`));
  });

  it('removes the photos left out, rows and stored bytes', async () => {
    const { estimate, urls, rows } = await estimateWithPhotos(3);
    const res = await setPhotos(estimate.id, [urls[1] as string], alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().photos).toEqual([urls[1]]);
    const left = await t.database.db.select().from(photos).where(eq(photos.estimateId, estimate.id));
    expect(left.map((row) => row.id)).toEqual([rows[1]?.id]);
    for (const [index, row] of rows.entries()) {
      const kept = index === 1;
      expect(await isStored(store, row.objectKey), row.objectKey).toBe(kept);
      expect(await isStored(store, row.thumbnailKey ?? ''), `${row.thumbnailKey}`).toBe(kept);
    }
  });

  it('lets the owner remove every photo (the spec sets no minimum after submission)', async () => {
    const { estimate } = await estimateWithPhotos(2);
    const res = await setPhotos(estimate.id, [], alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().photos).toEqual([]);
  });

  it('never adds: a photo of another estimate, or an unattached upload, is refused and stays where it was', async () => {
    const mine = await estimateWithPhotos(1);
    const other = await estimateWithPhotos(1);
    const upload = await createUploadedPhoto(t.database.db, { uploaderId: alice.user.id });
    for (const extra of [other.urls[0] as string, photoUrl(upload.id), photoUrl(crypto.randomUUID())]) {
      const res = await setPhotos(mine.estimate.id, [...mine.urls, extra], alice);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: NOT_THIS_ESTIMATES_PHOTO });
    }
    const otherRows = await t.database.db
      .select()
      .from(photos)
      .where(eq(photos.estimateId, other.estimate.id));
    expect(otherRows).toHaveLength(1);
  });

  it('refuses a photo listed twice', async () => {
    const { estimate, urls } = await estimateWithPhotos(2);
    const res = await setPhotos(estimate.id, [urls[0] as string, urls[0] as string], alice);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PHOTO_LISTED_TWICE });
  });

  it('is for the owner and the shop: 404 for another customer, 401 anonymous', async () => {
    const { estimate, urls } = await estimateWithPhotos(2);
    expect((await setPhotos(estimate.id, [], bob)).statusCode).toBe(404);
    expect((await setPhotos(estimate.id, [], undefined)).statusCode).toBe(401);
    const byShop = await setPhotos(estimate.id, [urls[1] as string], admin);
    expect(byShop.statusCode).toBe(200);
    expect(byShop.json().photos).toEqual([urls[1]]);
  });
});
