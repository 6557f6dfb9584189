import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, photoIdFromUrl } from '#domain/photos.ts';
import { createEstimate, createUser } from '#server/db/factories.ts';
import { photos } from '#server/db/schema.ts';
import {
  DAMAGED_IMAGE_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  TOO_LARGE_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
} from '#server/features/photos/image-processing.ts';
import { linkPhotos } from '#server/features/photos/service.ts';
import { sessionCookie } from '#server/test-support/app.ts';
import { jpegWithGps, pngClaimingHugeSize } from '#server/test-support/images.ts';
import { setUpTestShop } from '#server/test-support/test-shop.ts';
import { ALREADY_UPLOADED, UPLOAD_LINK_EXPIRED } from './service.ts';
import { signUploadToken } from './upload-token.ts';

const objectsDir = mkdtempSync(path.join(tmpdir(), 'shop-upload-routes-'));
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
let gpsJpeg: Buffer;

afterAll(() => rmSync(objectsDir, { recursive: true, force: true }));
const t = setUpTestShop({ objectStore: { kind: 'disk', dir: objectsDir } });
beforeAll(async () => {
  const { db } = t.database;
  for (const [who, isAdmin] of [
    ['alice', false],
    ['bob', false],
    ['admin', true],
  ] as const) {
    const user = await createUser(db, { email: `${who}@example.com`, password: `${who}-password`, isAdmin });
    ids[who] = user.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: `${who}@example.com`, password: `${who}-password` },
    });
    cookies[who] = sessionCookie(res);
  }
  gpsJpeg = await jpegWithGps();
});

async function startUpload(cookie: string | undefined) {
  return t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: cookie ? { cookie } : {} });
}

async function ticket(who: string): Promise<{ uploadURL: string; photoURL: string; photoId: string }> {
  const res = await startUpload(cookies[who]);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return { ...body, photoId: photoIdFromUrl(body.photoURL) ?? '' };
}

function put(url: string, body: Buffer | string, cookie?: string, contentType = 'image/jpeg') {
  return t.app.inject({
    method: 'PUT',
    url,
    payload: body,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
}

function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

async function photoRow(photoId: string) {
  const [row] = await t.database.db.select().from(photos).where(eq(photos.id, photoId));
  return row;
}

/** Every stored file whose name mentions the photo (processed photo, thumbnail, temporary files). */
function storedFilesFor(photoId: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
  return walk(objectsDir).filter((file) => file.includes(photoId) || file.endsWith('.part'));
}

describe('POST /api/objects/upload', () => {
  it('needs a signed-in user', async () => {
    expect((await startUpload(undefined)).statusCode).toBe(401);
  });

  it('answers an upload URL of this app and the future photo URL, and records a waiting photo', async () => {
    const { uploadURL, photoURL, photoId } = await ticket('alice');
    expect(uploadURL).toMatch(/^\/api\/objects\/upload\/[0-9a-f-]{36}\.[0-9a-z]+\.[\w-]{43}$/);
    expect(photoURL).toBe(`/api/photos/${photoId}`);
    expect(await photoRow(photoId)).toMatchObject({
      uploaderId: ids.alice,
      status: 'awaiting_upload',
      estimateId: null,
    });
  });

  it('records the photo step when one is given', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie: cookies.alice ?? '' },
      payload: { step: 'damage-front' },
    });
    expect(res.statusCode).toBe(200);
    expect((await photoRow(photoIdFromUrl(res.json().photoURL) ?? ''))?.step).toBe('damage-front');
  });
});

describe('PUT to the upload URL', () => {
  it('stores a real photo without EXIF/GPS, upright, with a thumbnail, and serves it to its uploader', async () => {
    const { uploadURL, photoURL, photoId } = await ticket('alice');
    const res = await put(uploadURL, gpsJpeg, cookies.alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ photoURL });
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);

    const row = await photoRow(photoId);
    expect(row).toMatchObject({ status: 'ready', contentType: 'image/jpeg', width: 800, height: 1200 });
    expect(row?.sizeBytes).toBeGreaterThan(0);

    const served = await get(photoURL, cookies.alice);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers.etag).toBe(res.headers.etag);
    expect(Number(served.headers['content-length'])).toBe(row?.sizeBytes);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([800, 1200]);
    expect(served.rawPayload.toString('latin1')).not.toContain('ShopTestCam');

    const thumb = await get(`${photoURL}/thumbnail`, cookies.alice);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(320);
  });

  it('accepts the bytes whatever content type the browser declares', async () => {
    const png = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const { uploadURL } = await ticket('alice');
    expect((await put(uploadURL, png, cookies.alice, 'application/octet-stream')).statusCode).toBe(200);
  });

  it('works once per upload URL', async () => {
    const { uploadURL } = await ticket('alice');
    expect((await put(uploadURL, gpsJpeg, cookies.alice)).statusCode).toBe(200);
    const again = await put(uploadURL, gpsJpeg, cookies.alice);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_UPLOADED);
  });

  it('works only for the user it was made for', async () => {
    const { uploadURL, photoId } = await ticket('alice');
    expect((await put(uploadURL, gpsJpeg)).statusCode).toBe(401);
    expect((await put(uploadURL, gpsJpeg, cookies.bob)).statusCode).toBe(404);
    expect((await put(uploadURL, gpsJpeg, cookies.admin)).statusCode).toBe(404);
    expect((await photoRow(photoId))?.status).toBe('awaiting_upload');
    expect(storedFilesFor(photoId)).toEqual([]);
  });

  it('refuses an altered or expired token', async () => {
    const { uploadURL, photoId } = await ticket('alice');
    const [, , , , token = ''] = uploadURL.split('/');
    const [id, expiry, signature = ''] = token.split('.');
    const forged = `/api/objects/upload/${id}.${'zzzzzz'}.${signature}`;
    expect((await put(forged, gpsJpeg, cookies.alice)).statusCode).toBe(404);
    expect(expiry).toBeTruthy();
    expect((await put('/api/objects/upload/not-a-token', gpsJpeg, cookies.alice)).statusCode).toBe(404);

    const expired = signUploadToken('x'.repeat(32), {
      photoId,
      uploaderId: ids.alice ?? '',
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    const res = await put(`/api/objects/upload/${expired}`, gpsJpeg, cookies.alice);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(UPLOAD_LINK_EXPIRED);
    expect((await photoRow(photoId))?.status).toBe('awaiting_upload');
  });

  it('refuses what is not a real, whole, reasonably sized image, storing nothing', async () => {
    const truncated = gpsJpeg.subarray(0, Math.floor(gpsJpeg.length / 2));
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const cases: [Buffer | string, string, number, string][] = [
      ['just some text, named damage.jpg', 'image/jpeg', 400, NOT_AN_IMAGE_MESSAGE],
      [svg, 'image/svg+xml', 400, NOT_AN_IMAGE_MESSAGE],
      [truncated, 'image/jpeg', 400, DAMAGED_IMAGE_MESSAGE],
      [await pngClaimingHugeSize(), 'image/png', 400, TOO_MANY_PIXELS_MESSAGE],
      [Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff), 'image/jpeg', 413, TOO_LARGE_MESSAGE],
      ['', 'image/jpeg', 400, NOT_AN_IMAGE_MESSAGE],
    ];
    for (const [body, contentType, status, message] of cases) {
      const { uploadURL, photoId } = await ticket('alice');
      const res = await put(uploadURL, body, cookies.alice, contentType);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
      expect((await photoRow(photoId))?.status).toBe('awaiting_upload');
      expect(storedFilesFor(photoId)).toEqual([]);
    }
  });

  it('accepts a photo of exactly 10 MB as far as size goes', async () => {
    const { uploadURL } = await ticket('alice');
    const res = await put(uploadURL, Buffer.alloc(MAX_PHOTO_BYTES, 0xff), cookies.alice);
    // Exactly the limit gets past the size check; these bytes are then refused as not an image.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOT_AN_IMAGE_MESSAGE);
  });
});

describe('GET /api/photos/:id', () => {
  let linked: string;
  let unlinked: string;
  let waiting: string;

  beforeAll(async () => {
    const upload = async () => {
      const { uploadURL, photoId } = await ticket('alice');
      expect((await put(uploadURL, gpsJpeg, cookies.alice)).statusCode).toBe(200);
      return photoId;
    };
    linked = await upload();
    unlinked = await upload();
    waiting = (await ticket('alice')).photoId;
    const estimate = await createEstimate(t.database.db, { userId: ids.alice ?? '' });
    await linkPhotos(t.database.db, [linked], estimate.id, ids.alice ?? '');
  });

  it("serves an estimate's photos to its owner and admins, 404 to another customer, 401 anonymously", async () => {
    for (const url of [`/api/photos/${linked}`, `/api/photos/${linked}/thumbnail`]) {
      expect((await get(url, cookies.alice)).statusCode).toBe(200);
      expect((await get(url, cookies.admin)).statusCode).toBe(200);
      const other = await get(url, cookies.bob);
      expect(other.statusCode).toBe(404);
      // A refusal is never cached like the photo itself.
      expect(other.headers['cache-control']).toBe('no-store');
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('serves a photo not yet attached to its uploader and admins only', async () => {
    expect((await get(`/api/photos/${unlinked}`, cookies.alice)).statusCode).toBe(200);
    expect((await get(`/api/photos/${unlinked}`, cookies.admin)).statusCode).toBe(200);
    expect((await get(`/api/photos/${unlinked}`, cookies.bob)).statusCode).toBe(404);
  });

  it("serves an estimate's photo to the estimate's owner even when an admin uploaded it", async () => {
    const { uploadURL, photoId } = await ticket('admin');
    expect((await put(uploadURL, gpsJpeg, cookies.admin)).statusCode).toBe(200);
    expect((await get(`/api/photos/${photoId}`, cookies.bob)).statusCode).toBe(404);
    const estimate = await createEstimate(t.database.db, { userId: ids.bob ?? '' });
    await linkPhotos(t.database.db, [photoId], estimate.id, ids.admin ?? '');
    expect((await get(`/api/photos/${photoId}`, cookies.bob)).statusCode).toBe(200);
    expect((await get(`/api/photos/${photoId}`, cookies.alice)).statusCode).toBe(404);
  });

  it('answers 304 when the browser already has the photo', async () => {
    const first = await get(`/api/photos/${linked}`, cookies.alice);
    const etag = String(first.headers.etag);
    const again = await get(`/api/photos/${linked}`, cookies.alice, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const thumb = await get(`/api/photos/${linked}/thumbnail`, cookies.alice, { 'if-none-match': etag });
    expect(thumb.statusCode).toBe(200);
    // A 304 is only for someone allowed to see the photo.
    expect((await get(`/api/photos/${linked}`, cookies.bob, { 'if-none-match': etag })).statusCode).toBe(404);
  });

  it('answers 404 for a photo still waiting for its bytes, an unknown id or a malformed id', async () => {
    expect((await get(`/api/photos/${waiting}`, cookies.alice)).statusCode).toBe(404);
    expect((await get(`/api/photos/${crypto.randomUUID()}`, cookies.admin)).statusCode).toBe(404);
    expect((await get('/api/photos/not-a-uuid', cookies.admin)).statusCode).toBe(404);
    expect((await get('/api/photos/..%2F..%2Fetc%2Fpasswd', cookies.admin)).statusCode).toBe(404);
  });
});
