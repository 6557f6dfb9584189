import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUrl } from '#domain/photos.ts';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { AppError } from '#server/app-error.ts';
import type { Database } from '#server/db/client.ts';
import { createEstimate, createUploadedPhoto, createUser } from '#server/db/factories.ts';
import { photos, type UserRow } from '#server/db/schema.ts';
import { openTestDatabase } from '#server/test-support/app.ts';
import { isStored } from '#server/test-support/stored-objects.ts';
import { deleteAbandonedPhotos } from './cleanup.ts';
import { placeholderObjectKey } from './photo-objects.ts';
import {
  DUPLICATE_PHOTOS,
  deletePhotoObjects,
  linkPhotos,
  NOT_YOUR_PHOTOS,
  PHOTOS_ALREADY_ATTACHED,
  prepareUploadedPhotos,
  UPLOAD_NOT_FINISHED,
} from './service.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-photo-service-'));
const store = new DiskObjectStore(dir);
let database: Database;
let alice: UserRow;
let bob: UserRow;

beforeAll(async () => {
  database = await openTestDatabase();
  alice = await createUser(database.db, { email: 'alice@example.com' });
  bob = await createUser(database.db, { email: 'bob@example.com' });
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

async function waitingPhoto(uploaderId: string) {
  const id = crypto.randomUUID();
  await database.db
    .insert(photos)
    .values({ id, uploaderId, status: 'awaiting_upload', objectKey: placeholderObjectKey(id) });
  return id;
}

describe('prepareUploadedPhotos', () => {
  it("returns the ids of the caller's unattached photos in the order given", async () => {
    const deps = { db: database.db, store };
    const first = await createUploadedPhoto(database.db, { uploaderId: alice.id });
    const second = await createUploadedPhoto(database.db, { uploaderId: alice.id });
    const urls = [photoUrl(second.id), `http://localhost:5000${photoUrl(first.id)}`];
    expect(await prepareUploadedPhotos(deps, alice, urls)).toEqual([second.id, first.id]);
    expect(await prepareUploadedPhotos(deps, alice, [])).toEqual([]);
  });

  it('refuses photos of someone else, already attached, unknown, malformed or repeated', async () => {
    const deps = { db: database.db, store };
    const mine = await createUploadedPhoto(database.db, { uploaderId: alice.id });
    const bobs = await createUploadedPhoto(database.db, { uploaderId: bob.id });
    const estimate = await createEstimate(database.db, { userId: alice.id });
    const attached = await createUploadedPhoto(database.db, {
      uploaderId: alice.id,
      estimateId: estimate.id,
    });
    for (const urls of [
      [photoUrl(mine.id), photoUrl(bobs.id)],
      [photoUrl(attached.id)],
      [photoUrl(crypto.randomUUID())],
      ['https://evil.example/picture.jpg'],
    ]) {
      const error = await refusal(prepareUploadedPhotos(deps, alice, urls));
      expect([error.statusCode, error.message]).toEqual([400, NOT_YOUR_PHOTOS]);
    }
    const repeated = await refusal(
      prepareUploadedPhotos(deps, alice, [photoUrl(mine.id), photoUrl(mine.id)]),
    );
    expect([repeated.statusCode, repeated.message]).toEqual([400, DUPLICATE_PHOTOS]);
  });

  it('on disk, refuses a photo whose upload never arrived', async () => {
    const id = await waitingPhoto(alice.id);
    const error = await refusal(prepareUploadedPhotos({ db: database.db, store }, alice, [photoUrl(id)]));
    expect([error.statusCode, error.message]).toEqual([400, UPLOAD_NOT_FINISHED]);
  });
});

describe('linkPhotos', () => {
  it('attaches photos in order from the given position, inside the transaction', async () => {
    const estimate = await createEstimate(database.db, { userId: alice.id });
    const a = await createUploadedPhoto(database.db, { uploaderId: alice.id });
    const b = await createUploadedPhoto(database.db, { uploaderId: alice.id });
    await database.db.transaction((tx) => linkPhotos(tx, [b.id, a.id], estimate.id, alice.id, 3));
    const rows = await database.db
      .select({ id: photos.id, position: photos.position })
      .from(photos)
      .where(eq(photos.estimateId, estimate.id))
      .orderBy(photos.position);
    expect(rows).toEqual([
      { id: b.id, position: 3 },
      { id: a.id, position: 4 },
    ]);
  });

  it('refuses the whole change when any photo is not free to attach, and changes nothing', async () => {
    const estimate = await createEstimate(database.db, { userId: alice.id });
    const other = await createEstimate(database.db, { userId: alice.id });
    const free = await createUploadedPhoto(database.db, { uploaderId: alice.id });
    const taken = await createUploadedPhoto(database.db, { uploaderId: alice.id, estimateId: other.id });
    const bobs = await createUploadedPhoto(database.db, { uploaderId: bob.id });
    const waiting = await waitingPhoto(alice.id);
    for (const culprit of [taken.id, bobs.id, waiting]) {
      const error = await refusal(
        database.db.transaction((tx) => linkPhotos(tx, [free.id, culprit], estimate.id, alice.id)),
      );
      expect([error.statusCode, error.message]).toEqual([409, PHOTOS_ALREADY_ATTACHED]);
    }
    const [row] = await database.db.select().from(photos).where(eq(photos.id, free.id));
    expect(row?.estimateId).toBeNull();
  });
});

describe('deletePhotoObjects', () => {
  it('removes both objects, and does not mind missing ones', async () => {
    await store.put('photos/gone.jpg', Buffer.from('x'), 'image/jpeg');
    await store.put('photos/gone.thumb.webp', Buffer.from('y'), 'image/webp');
    await deletePhotoObjects(store, [
      { objectKey: 'photos/gone.jpg', thumbnailKey: 'photos/gone.thumb.webp' },
      { objectKey: 'photos/never-there.jpg', thumbnailKey: null },
    ]);
    expect(await store.get('photos/gone.jpg')).toBeNull();
    expect(await store.get('photos/gone.thumb.webp')).toBeNull();
  });

  it('logs a failing store instead of throwing', async () => {
    const failing: ObjectStore = {
      ...store,
      kind: 'disk',
      put: store.put.bind(store),
      get: store.get.bind(store),
      list: store.list.bind(store),
      ping: store.ping.bind(store),
      delete: async () => {
        throw new Error('store unreachable');
      },
    };
    const warnings: string[] = [];
    await deletePhotoObjects(failing, [{ objectKey: 'photos/a.jpg', thumbnailKey: 'photos/a.thumb.webp' }], {
      warn: (_details, message) => warnings.push(message),
    });
    expect(warnings).toHaveLength(2);
  });
});

describe('deleteAbandonedPhotos', () => {
  it('deletes unattached photos older than a day with their bytes, keeping attached and recent ones', async () => {
    const carol = await createUser(database.db, { email: 'carol@example.com' });
    const estimate = await createEstimate(database.db, { userId: carol.id });
    const old = await createUploadedPhoto(database.db, { uploaderId: carol.id });
    const oldAttached = await createUploadedPhoto(database.db, {
      uploaderId: carol.id,
      estimateId: estimate.id,
    });
    const recent = await createUploadedPhoto(database.db, { uploaderId: carol.id });
    await database.db
      .update(photos)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${photos.id} in (${old.id}, ${oldAttached.id})`);
    await store.put(old.objectKey, Buffer.from('old'), 'image/jpeg');
    await store.put(recent.objectKey, Buffer.from('recent'), 'image/jpeg');

    // Other tests' rows are recent, so only this one is old enough.
    expect(await deleteAbandonedPhotos(database.db, store)).toBe(1);
    const left = await database.db
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.uploaderId, carol.id));
    expect(left.map((row) => row.id).sort()).toEqual([oldAttached.id, recent.id].sort());
    expect(await store.get(old.objectKey)).toBeNull();
    expect(await isStored(store, recent.objectKey)).toBe(true);
  });
});
