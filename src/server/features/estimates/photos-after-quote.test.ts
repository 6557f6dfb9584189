import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EstimateStatus, PHOTOS_CLOSED, PHOTOS_KEPT_AFTER_QUOTE } from '#domain/estimate-status.ts';
import { photoUrl } from '#domain/photos.ts';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { createEstimate, createUploadedPhoto } from '#server/db/factories.ts';
import { photos } from '#server/db/schema.ts';
import { openTestDatabase, type TestApp, testConfig } from '#server/test-support/app.ts';
import { as, createCast, type Person } from '#server/test-support/people.ts';
import { isStored } from '#server/test-support/stored-objects.ts';

const objectsDir = mkdtempSync(path.join(tmpdir(), 'shop-photos-after-quote-'));
const store = new DiskObjectStore(objectsDir);
let t: TestApp;
let alice: Person;
let admin: Person;

beforeAll(async () => {
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
  ({ alice, admin } = await createCast(t));
});
afterAll(async () => {
  await t.close();
  rmSync(objectsDir, { recursive: true, force: true });
});

const setPhotos = (id: string, urls: string[], person: Person) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/estimates/${id}`,
    headers: as(person),
    payload: { photos: urls },
  });
const attach = (id: string, photoURL: string, person: Person) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/estimates/${id}/photos`,
    headers: as(person),
    payload: { photoURL },
  });

/** An estimate of Alice's in `status` with two photos, their bytes in the store. */
async function estimateWithPhotos(status: EstimateStatus) {
  const { db } = t.database;
  const estimate = await createEstimate(db, { userId: alice.user.id, status, estimatedAmount: '900.00' });
  const rows = [];
  for (let position = 0; position < 2; position++) {
    const row = await createUploadedPhoto(db, {
      uploaderId: alice.user.id,
      estimateId: estimate.id,
      position,
    });
    await store.put(row.objectKey, Buffer.from(`photo ${position}`), 'image/jpeg');
    rows.push(row);
  }
  return { estimate, urls: rows.map((row) => photoUrl(row.id)), rows };
}

const photoIdsOf = async (estimateId: string) =>
  (
    await t.database.db
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.estimateId, estimateId))
      .orderBy(photos.position)
  ).map((row) => row.id);

const QUOTED_AND_OPEN: EstimateStatus[] = ['quoted', 'approved', 'scheduled', 'in_progress'];
const CLOSED: EstimateStatus[] = ['completed', 'declined', 'cancelled'];

describe('security: once quoted, photos are evidence (a customer cannot remove them)', () => {
  it.each(QUOTED_AND_OPEN)(
    'refuses with 409 a customer PATCH that drops a photo of a %s estimate, keeping the files',
    async (status) => {
      const { estimate, urls, rows } = await estimateWithPhotos(status);
      for (const kept of [[], [urls[1] ?? '']]) {
        const res = await setPhotos(estimate.id, kept, alice);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: PHOTOS_KEPT_AFTER_QUOTE });
      }
      expect(await photoIdsOf(estimate.id)).toEqual(rows.map((row) => row.id));
      for (const row of rows) expect(await isStored(store, row.objectKey)).toBe(true);
    },
  );

  it('still lets the customer reorder and add photos after the quote', async () => {
    const { estimate, urls } = await estimateWithPhotos('approved');
    const reordered = await setPhotos(estimate.id, [...urls].reverse(), alice);
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().photos).toEqual([...urls].reverse());
    const added = await createUploadedPhoto(t.database.db, { uploaderId: alice.user.id });
    const res = await attach(estimate.id, photoUrl(added.id), alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photos).toHaveLength(3);
  });

  it('lets the customer remove photos while the estimate is pending, and the shop at any time', async () => {
    const pending = await estimateWithPhotos('pending');
    expect((await setPhotos(pending.estimate.id, [pending.urls[0] ?? ''], alice)).statusCode).toBe(200);
    const paid = await estimateWithPhotos('completed');
    const res = await setPhotos(paid.estimate.id, [paid.urls[1] ?? ''], admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photos).toEqual([paid.urls[1]]);
  });
});

describe('security: the photos of a closed estimate are final for the customer', () => {
  it.each(CLOSED)('refuses with 409 any photo change of a %s estimate by the customer', async (status) => {
    const { estimate, urls, rows } = await estimateWithPhotos(status);
    for (const list of [[], [urls[1] ?? ''], [...urls].reverse()]) {
      const res = await setPhotos(estimate.id, list, alice);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: PHOTOS_CLOSED });
    }
    const added = await createUploadedPhoto(t.database.db, { uploaderId: alice.user.id });
    const res = await attach(estimate.id, photoUrl(added.id), alice);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PHOTOS_CLOSED });
    expect(await photoIdsOf(estimate.id)).toEqual(rows.map((row) => row.id));
  });

  it('still lets the shop add a photo to a completed estimate', async () => {
    const { estimate } = await estimateWithPhotos('completed');
    const added = await createUploadedPhoto(t.database.db, { uploaderId: admin.user.id });
    const res = await attach(estimate.id, photoUrl(added.id), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().photos).toHaveLength(3);
  });
});
