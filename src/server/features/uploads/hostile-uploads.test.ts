import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIdFromUrl } from '#domain/photos.ts';
import { createS3Client } from '#server/adapters/object-store/s3-store.ts';
import { createEstimate } from '#server/db/factories.ts';
import { photos } from '#server/db/schema.ts';
import { UPLOAD_NOT_FINISHED } from '#server/features/photos/service.ts';
import { createTestApp, type TestApp } from '#server/test-support/app.ts';
import { type HostileImage, hostileImages } from '#server/test-support/hostile-images.ts';
import { jpegWithGps } from '#server/test-support/images.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { type S3StandIn, startS3StandIn } from '#server/test-support/s3-stand-in.ts';

/**
 * Fake, broken, oversized and booby-trapped images, through both ways photos arrive: bytes sent to
 * the app (disk store), and bytes sent straight to the bucket then checked when the photo is attached
 * (S3). Each is refused with a clear message, and nothing of it is kept: no object in the store, and
 * no photo an estimate could use.
 */

interface Store {
  name: 'disk' | 's3';
  t: TestApp;
  /** Every key in the store right now. */
  keys(): Promise<string[]>;
  /** Sends the bytes where the browser would, and answers what the app answered about them. */
  upload(
    person: Person,
    estimateId: string,
    image: Pick<HostileImage, 'bytes' | 'contentType'>,
  ): Promise<{
    status: number;
    message: string;
    photoId: string;
  }>;
  close(): Promise<void>;
}

async function ticket(t: TestApp, person: Person) {
  const res = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: as(person) });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { uploadURL: string; photoURL: string };
  return { ...body, photoId: photoIdFromUrl(body.photoURL) ?? '' };
}

function attach(t: TestApp, person: Person, estimateId: string, photoURL: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/estimates/${estimateId}/photos`,
    headers: as(person),
    payload: { photoURL },
  });
}

async function diskStore(): Promise<Store> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-hostile-uploads-'));
  const t = await createTestApp({ objectStore: { kind: 'disk', dir } });
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(path.join(folder, entry.name))
        : [path.relative(dir, path.join(folder, entry.name))],
    );
  return {
    name: 'disk',
    t,
    keys: async () => walk(dir).sort(),
    async upload(person, estimateId, image) {
      const { uploadURL, photoURL, photoId } = await ticket(t, person);
      const res = await t.app.inject({
        method: 'PUT',
        url: uploadURL,
        headers: { ...as(person), 'content-type': image.contentType },
        payload: image.bytes,
      });
      if (res.statusCode !== 200) return { status: res.statusCode, message: res.json().message, photoId };
      const attached = await attach(t, person, estimateId, photoURL);
      return { status: attached.statusCode, message: attached.json().message ?? '', photoId };
    },
    async close() {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function s3Store(): Promise<Store> {
  const s3: S3StandIn = await startS3StandIn();
  const t = await createTestApp({ objectStore: s3.config });
  const client = createS3Client(s3.config);
  return {
    name: 's3',
    t,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async upload(person, estimateId, image) {
      const { uploadURL, photoURL, photoId } = await ticket(t, person);
      // The bucket takes whatever it is sent; the app checks the bytes when the photo is attached.
      const put = await fetch(uploadURL, {
        method: 'PUT',
        body: new Uint8Array(image.bytes),
        headers: { 'content-type': image.contentType },
      });
      expect(put.status).toBe(200);
      const attached = await attach(t, person, estimateId, photoURL);
      return { status: attached.statusCode, message: attached.json().message ?? '', photoId };
    },
    async close() {
      client.destroy();
      await t.close();
      await s3.close();
    },
  };
}

let images: HostileImage[];
let realPhoto: Buffer;

beforeAll(async () => {
  images = await hostileImages();
  realPhoto = await jpegWithGps();
});

for (const makeStore of [diskStore, s3Store]) {
  describe(`hostile uploads (${makeStore === diskStore ? 'disk' : 'S3'} store)`, () => {
    let store: Store;
    let customer: Person;

    beforeAll(async () => {
      store = await makeStore();
      // A customer of this file's own: upload allowances are per account.
      customer = await createPerson(store.t, { email: 'uploader@example.com', firstName: 'Una' });
    });
    afterAll(() => store.close());

    async function photosOf(estimateId: string): Promise<number> {
      const [row] = await store.t.database.db
        .select({ n: count() })
        .from(photos)
        .where(eq(photos.estimateId, estimateId));
      return Number(row?.n ?? 0);
    }

    it('refuses every fake, broken, oversized or booby-trapped image, keeping nothing of it', async () => {
      const estimate = await createEstimate(store.t.database.db, { userId: customer.user.id });
      const answers: string[] = [];
      for (const image of images) {
        const before = await store.keys();
        const { status, message, photoId } = await store.upload(customer, estimate.id, image);
        answers.push(`${image.name}: ${status}`);
        expect(status, image.name).toBe(image.status);
        expect(image.messages, `${image.name}: ${message}`).toContain(message);
        expect(await store.keys(), `${image.name}: nothing stored`).toEqual(before);
        const [row] = await store.t.database.db.select().from(photos).where(eq(photos.id, photoId));
        expect(row?.status, image.name).toBe('awaiting_upload');
        // The refused photo cannot be attached afterwards either.
        const again = await attach(store.t, customer, estimate.id, `/api/photos/${photoId}`);
        expect([again.statusCode, again.json().message], image.name).toEqual([400, UPLOAD_NOT_FINISHED]);
      }
      expect(await photosOf(estimate.id)).toBe(0);
      expect(answers).toHaveLength(images.length);
    });

    it('still takes a real photo, so the refusals above are about the files', async () => {
      const estimate = await createEstimate(store.t.database.db, { userId: customer.user.id });
      const before = await store.keys();
      const { status } = await store.upload(customer, estimate.id, {
        bytes: realPhoto,
        contentType: 'image/jpeg',
      });
      expect(status).toBe(200);
      expect(await photosOf(estimate.id)).toBe(1);
      const added = (await store.keys()).filter((key) => !before.includes(key));
      expect(added).toHaveLength(2);
      expect(added.every((key) => key.startsWith('photos/'))).toBe(true);
    });
  });
}
