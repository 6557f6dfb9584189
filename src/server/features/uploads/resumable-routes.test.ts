import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, photoIdFromUrl, photoUrlFromResumableUpload } from '#domain/photos.ts';
import { DiskObjectStore } from '#server/adapters/object-store/disk-store.ts';
import { buildApp } from '#server/app.ts';
import { photos } from '#server/db/schema.ts';
import { deleteAbandonedPhotos } from '#server/features/photos/cleanup.ts';
import { NOT_AN_IMAGE_MESSAGE, TOO_LARGE_MESSAGE } from '#server/features/photos/image-processing.ts';
import { serverErrorBody } from '#server/http/error-handler.ts';
import { createTestApp, openTestDatabase, type TestApp, testConfig } from '#server/test-support/app.ts';
import { noisyJpeg } from '#server/test-support/images.ts';
import { as, CAST, createCast, createPerson, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import {
  headTus,
  patchTus,
  sendTusChunks,
  startTusUpload,
  TUS_HEADERS,
} from '#server/test-support/tus-client.ts';
import { UPLOAD_CONCAT_UNSUPPORTED, UPLOAD_LENGTH_REQUIRED, UPLOAD_NOT_FOUND } from './resumable-service.ts';
import { createResumableStore, removeResumableUpload } from './resumable-store.ts';

/** Resumable uploads (tus) with disk storage: who may, how much, and a resume from where it stopped. */

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-tus-'));
let photo: Buffer;
const CHUNK = 32 * 1024;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const t = setUpTestShop({ dataDir, objectStore: { kind: 'disk', dir: path.join(dataDir, 'objects') } });
const { alice, bob, admin } = setUpCast(t);
beforeAll(async () => {
  photo = await noisyJpeg();
});

async function started(person: Person, length = photo.length): Promise<string> {
  const res = await startTusUpload(t.app, as(person), length);
  expect(res.statusCode, res.body).toBe(201);
  return String(res.headers.location);
}

const batchCreate = (person: Person, photoUrls: string[], plate: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/estimates/batch-create',
    headers: as(person),
    payload: {
      vehicleInfo: { year: '2019', make: 'Toyota', model: 'Camry', licensePlate: plate },
      photos: photoUrls,
      vinNumber: '4T1B11HKXKU000001',
      odometerReading: '42000',
      estimateType: 'cash',
    },
  });

async function photoRow(photoURL: string) {
  const [row] = await t.database.db
    .select()
    .from(photos)
    .where(eq(photos.id, photoIdFromUrl(photoURL) ?? ''));
  return row;
}

describe('POST /api/uploads/tus', () => {
  it('is for signed-in users only', async () => {
    const res = await startTusUpload(t.app, {}, photo.length);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Unauthorized');
  });

  it('refuses a photo over 10 MB before any byte is sent, and a missing size', async () => {
    const big = await startTusUpload(t.app, as(alice), MAX_PHOTO_BYTES + 1);
    expect([big.statusCode, big.json().message]).toEqual([413, TOO_LARGE_MESSAGE]);
    const deferred = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/tus',
      headers: { ...as(alice), 'tus-resumable': '1.0.0', 'upload-defer-length': '1' },
    });
    expect([deferred.statusCode, deferred.json().message]).toEqual([400, UPLOAD_LENGTH_REQUIRED]);
  });

  it('refuses concatenation (Upload-Concat) with a 400 that says so, never a 5xx, creating nothing', async () => {
    const before = (await t.database.db.select().from(photos)).length;
    const location = await started(alice);
    for (const [method, url, concat] of [
      ['POST', '/api/uploads/tus', 'partial'],
      ['POST', '/api/uploads/tus', `final;${location}`],
      ['PATCH', location, 'partial'],
      ['HEAD', location, 'partial'],
    ] as const) {
      for (const person of [alice, admin]) {
        const res = await t.app.inject({
          method,
          url,
          headers: {
            ...as(person),
            'tus-resumable': '1.0.0',
            'upload-length': String(photo.length),
            'upload-concat': concat,
          },
        });
        expect(res.statusCode, `${method} ${concat}`).toBe(400);
        if (method !== 'HEAD') expect(res.json()).toEqual({ message: UPLOAD_CONCAT_UNSUPPORTED });
      }
    }
    expect(await t.database.db.select().from(photos)).toHaveLength(before + 1);
  });

  it('answers where to send the bytes: the photo id is the upload id, waiting for its bytes', async () => {
    const location = await started(alice);
    expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f-]{36}$/);
    const row = await photoRow(photoUrlFromResumableUpload(location) ?? '');
    expect(row).toMatchObject({ uploaderId: alice.user.id, status: 'awaiting_upload', step: 'overview' });
  });
});

describe('HEAD and PATCH /api/uploads/tus/:id', () => {
  it('works for the uploader only: anyone else is told the upload does not exist', async () => {
    const location = await started(alice);
    for (const [who, status] of [
      [undefined, 401],
      [bob, 404],
    ] as const) {
      const head = await headTus(t.app, location, as(who));
      expect(head.statusCode).toBe(status);
      const patch = await patchTus(t.app, location, as(who), 0, photo.subarray(0, CHUNK));
      expect(patch.statusCode).toBe(status);
      if (status === 404) expect(patch.json().message).toBe(UPLOAD_NOT_FOUND);
    }
    const head = await headTus(t.app, location, as(alice));
    expect(head.headers['upload-offset']).toBe('0');
  });

  it('acts on the upload the path names: a query string cannot point tus at another customer’s upload', async () => {
    const alices = await started(alice);
    const bobs = await started(bob);
    // Bob's own upload in the path (which the app checks), Alice's after the "?".
    const trick = `${bobs}?/${alices.split('/').pop()}`;
    const patch = await patchTus(t.app, trick, as(bob), 0, photo.subarray(0, CHUNK));
    expect(patch.statusCode, patch.body).toBe(204);
    expect((await headTus(t.app, trick, as(bob))).headers['upload-offset']).toBe(String(CHUNK));
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: trick,
      headers: { ...as(bob), ...TUS_HEADERS },
    });
    expect(cancelled.statusCode).toBe(204);

    const head = await headTus(t.app, alices, as(alice));
    expect([head.statusCode, head.headers['upload-offset']]).toEqual([200, '0']);
    expect((await headTus(t.app, bobs, as(bob))).statusCode).toBe(404);
  });

  it('resumes from the offset the server has, finishes as a ready photo that attaches once', async () => {
    const location = await started(alice);
    // About half, then the signal is lost.
    const half = Math.floor(photo.length / 2);
    const first = await sendTusChunks(t.app, location, as(alice), photo.subarray(0, half), CHUNK);
    expect(first.statusCode, first.body).toBe(204);
    // Back online: ask where to resume, and carry on from there (not from 0).
    const head = await headTus(t.app, location, as(alice));
    expect(head.statusCode).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBe(half);
    expect(head.headers['cache-control']).toBe('no-store');
    // A chunk sent again from 0 is refused: the server keeps what it has.
    const stale = await patchTus(t.app, location, as(alice), 0, photo.subarray(0, CHUNK));
    expect(stale.statusCode).toBe(409);

    const last = await sendTusChunks(t.app, location, as(alice), photo, CHUNK, offset);
    expect(last.statusCode, last.body).toBe(204);
    const photoURL = String(last.headers['photo-url']);
    expect(photoURL).toBe(photoUrlFromResumableUpload(location));
    expect(await photoRow(photoURL)).toMatchObject({ status: 'ready', uploaderId: alice.user.id });
    // Its parts are gone once it is a photo; the upload cannot be continued or restarted.
    expect(readdirSync(path.join(dataDir, 'uploads-in-progress'))).not.toContain(photoIdFromUrl(photoURL));
    expect((await headTus(t.app, location, as(alice))).statusCode).toBe(409);

    const created = await batchCreate(alice, [photoURL], 'TUS1');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().estimate.photos).toEqual([photoURL]);
    const again = await batchCreate(alice, [photoURL], 'TUS2');
    expect(again.statusCode).toBe(400);
    // Bob cannot attach Alice's photo either.
    const location2 = await started(alice);
    const done = await sendTusChunks(t.app, location2, as(alice), photo, 256 * 1024);
    const stolen = await batchCreate(bob, [String(done.headers['photo-url'])], 'TUS3');
    expect(stolen.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('checks the image when the last byte arrives: a file that is not an image is refused and removed', async () => {
    const junk = Buffer.alloc(100_000, 7);
    const location = await started(alice, junk.length);
    const last = await sendTusChunks(t.app, location, as(alice), junk, CHUNK);
    expect(last.statusCode).toBe(400);
    expect(JSON.parse(last.body).message).toBe(NOT_AN_IMAGE_MESSAGE);
    const photoURL = photoUrlFromResumableUpload(location) ?? '';
    expect(await photoRow(photoURL)).toMatchObject({ status: 'awaiting_upload' });
    expect(readdirSync(path.join(dataDir, 'uploads-in-progress'))).not.toContain(photoIdFromUrl(photoURL));
    const created = await batchCreate(alice, [photoURL], 'TUSBAD');
    expect(created.statusCode).toBe(400);
  });

  it('refuses bytes beyond the size declared at the start', async () => {
    const location = await started(alice, 1000);
    const res = await patchTus(t.app, location, as(alice), 0, Buffer.alloc(2000, 1));
    expect(res.statusCode).toBe(413);
  });
});

describe('DELETE /api/uploads/tus/:id', () => {
  it('cancels the upload for the uploader, and refuses a body it would otherwise ignore', async () => {
    const location = await started(alice);
    const url = new URL(location, 'http://localhost').pathname;
    const headers = { ...as(alice), 'tus-resumable': '1.0.0' };
    const withBody = await t.app.inject({
      method: 'DELETE',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { padding: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(withBody.statusCode).toBe(400);
    expect(withBody.json()).toEqual({ message: 'This request takes no body.' });
    expect((await headTus(t.app, location, as(alice))).statusCode).toBe(200);

    const cancelled = await t.app.inject({ method: 'DELETE', url, headers });
    expect(cancelled.statusCode).toBe(204);
    expect((await headTus(t.app, location, as(alice))).statusCode).toBe(404);
  });
});

describe('rate limit', () => {
  it('shares the upload ticket allowance', async () => {
    const limited = await createTestApp({
      dataDir,
      objectStore: { kind: 'disk', dir: path.join(dataDir, 'objects') },
      rateLimitScale: 2 / 60,
    });
    try {
      const { alice: carol } = await createCast(limited);
      const ticket = await limited.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers: as(carol),
      });
      expect(ticket.statusCode).toBe(200);
      expect((await startTusUpload(limited.app, as(carol), 1000)).statusCode).toBe(201);
      const refused = await startTusUpload(limited.app, as(carol), 1000);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toEqual(expect.any(String));
    } finally {
      await limited.close();
    }
  });
});

describe('a failure while the finished photo is stored', () => {
  /** A photo store that is down until told otherwise, failing the way a real one does (an address). */
  class StoreThatCanFail extends DiskObjectStore {
    down = false;
    override async put(key: string, body: Buffer, contentType: string): Promise<void> {
      if (this.down) throw new Error('connect ECONNREFUSED 10.20.30.40:9000');
      return super.put(key, body, contentType);
    }
  }
  const flakyDir = path.join(dataDir, 'flaky');
  const objectsDir = path.join(flakyDir, 'objects');
  const store = new StoreThatCanFail(objectsDir);
  const lines: string[] = [];
  let shop: TestApp;
  let carol: Person;
  beforeAll(async () => {
    const config = testConfig({
      dataDir: flakyDir,
      objectStore: { kind: 'disk', dir: objectsDir },
      logLevel: 'error',
    });
    const database = await openTestDatabase();
    const app = await buildApp({ config, database, store, logStream: { write: (line) => lines.push(line) } });
    shop = {
      app,
      database,
      async close() {
        await app.close();
        await database.close();
      },
    };
    carol = await createPerson(shop, CAST.alice);
  });
  afterAll(() => shop.close());

  it('answers the usual server error with its reference, logs the reason, and keeps the bytes', async () => {
    const start = await startTusUpload(shop.app, as(carol), photo.length);
    const location = String(start.headers.location);
    store.down = true;
    const last = await sendTusChunks(shop.app, location, as(carol), photo, 256 * 1024);
    store.down = false;
    expect(last.statusCode).toBe(500);
    const reference = String(last.headers['x-request-id']);
    expect(last.json()).toEqual(serverErrorBody(reference));
    expect(last.body).not.toContain('10.20.30.40');
    const logged = lines.find((line) => line.includes('10.20.30.40'));
    expect(logged).toContain(reference);
    // A database or store that is back a moment later must not cost the customer the photo.
    const photoId = photoIdFromUrl(photoUrlFromResumableUpload(location) ?? '') ?? '';
    expect(readdirSync(path.join(flakyDir, 'uploads-in-progress'))).toContain(photoId);
  });

  it('finishes the photo when the browser comes back and asks how far it got', async () => {
    const start = await startTusUpload(shop.app, as(carol), photo.length);
    const location = String(start.headers.location);
    store.down = true;
    expect((await sendTusChunks(shop.app, location, as(carol), photo, 256 * 1024)).statusCode).toBe(500);
    store.down = false;
    // What tus-js-client does after a 5xx: HEAD, and an offset at the end means done.
    const head = await headTus(shop.app, location, as(carol));
    expect(head.statusCode).toBe(200);
    expect([head.headers['upload-offset'], head.headers['upload-length']]).toEqual([
      String(photo.length),
      String(photo.length),
    ]);
    const photoId = photoIdFromUrl(photoUrlFromResumableUpload(location) ?? '') ?? '';
    const [row] = await shop.database.db.select().from(photos).where(eq(photos.id, photoId));
    expect(row?.status).toBe('ready');
    expect(readdirSync(path.join(flakyDir, 'uploads-in-progress'))).not.toContain(photoId);
  });

  it('removes the kept bytes of an upload never finished with its photo row, a day later', async () => {
    const start = await startTusUpload(shop.app, as(carol), photo.length);
    const location = String(start.headers.location);
    store.down = true;
    expect((await sendTusChunks(shop.app, location, as(carol), photo, 256 * 1024)).statusCode).toBe(500);
    store.down = false;
    const photoId = photoIdFromUrl(photoUrlFromResumableUpload(location) ?? '') ?? '';
    await shop.database.db
      .update(photos)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(photos.id, photoId));
    // tus's own expiry passes over an upload with every byte in: the photos' cleanup removes it.
    const resumable = await createResumableStore({ kind: 'disk', dir: objectsDir }, flakyDir);
    const removeWaitingUpload = (id: string) => removeResumableUpload(resumable, id);
    expect(await deleteAbandonedPhotos(shop.database.db, store, undefined, { removeWaitingUpload })).toBe(1);
    expect(readdirSync(path.join(flakyDir, 'uploads-in-progress'))).not.toContain(photoId);
  });
});
