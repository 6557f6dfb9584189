import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WORK_DESCRIPTION_MAX_LENGTH } from '#domain/estimate-requests.ts';
import { MESSAGE_MAX_LENGTH } from '#domain/messages.ts';
import { MAX_PHOTOS_PER_ESTIMATE, PHOTO_URL_MAX_LENGTH, photoUrl } from '#domain/photos.ts';
import { createEstimate, createUploadedPhoto } from '#server/db/factories.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { MAX_ERROR_MESSAGE_LENGTH } from './error-handler.ts';
import {
  COMPRESSED_BODY_MESSAGE,
  DEFAULT_BODY_LIMIT,
  MAX_JSON_DEPTH,
  nestsDeeperThan,
  TOO_DEEP_MESSAGE,
} from './json-body.ts';

/**
 * Findings of the outside security probe about JSON bodies: any route took 1 MiB and deep nesting
 * (about 100 ms of the thread, no account needed), and 90,000 unknown keys got a 1 MB error back.
 */

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

function send(
  method: 'POST' | 'PATCH',
  url: string,
  payload: string | Buffer,
  person?: Person,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...as(person), 'content-type': 'application/json', ...headers },
    payload,
  });
}

/** A photo URL of exactly the longest length allowed (an absolute URL with a query names the photo too). */
function longestPhotoUrl(id: string): string {
  const url = `https://shop.example${photoUrl(id)}?`;
  return url + 'p'.repeat(PHOTO_URL_MAX_LENGTH - url.length);
}

/** Every character of a text at its longest taking 3 bytes in UTF-8, as many scripts do. */
const longestText = (length: number) => '€'.repeat(length);

const unknownKeys = (count: number, base: Record<string, unknown> = {}) =>
  JSON.stringify({ ...base, ...Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 0])) });

async function uploadedPhotos(person: Person, howMany: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < howMany; i++) {
    ids.push((await createUploadedPhoto(t.database.db, { uploaderId: person.user.id })).id);
  }
  return ids;
}

const submission = (photos: string[], workDescription = 'Rear bumper cracked.') => ({
  vehicleInfo: { year: '2019', make: 'Toyota', model: 'Camry', licensePlate: 'abc 123' },
  photos,
  vinNumber: '4t1b11hkxku000001',
  odometerReading: '42,000',
  email: 'alice@example.com',
  phone: '(813) 555-0100',
  workDescription,
  estimateType: 'cash',
});

describe('security probe, JSON bodies: body limits sized to each route', () => {
  it('refuses 100 KB sent to a route with small bodies (sign-in) with 413 and a short message', async () => {
    const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(100 * 1024) });
    expect(payload.length).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    const res = await send('POST', '/api/login', payload);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().message).toBe('The request is too large.');
  });

  it('refuses 100 KB of message text with 413 (a message is at most 5,000 characters)', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    const res = await send(
      'POST',
      `/api/estimates/${estimate.id}/messages`,
      JSON.stringify({ content: 'x'.repeat(100 * 1024) }),
      alice,
    );
    expect(res.statusCode).toBe(413);
  });

  it('still takes the real payloads at their largest: a message, a status note, a full estimate', async () => {
    // Approved: in progress is its next status.
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id, status: 'approved' });
    const message = await send(
      'POST',
      `/api/estimates/${estimate.id}/messages`,
      JSON.stringify({ content: longestText(MESSAGE_MAX_LENGTH) }),
      alice,
    );
    expect(message.statusCode, message.body.slice(0, 200)).toBe(201);

    const note = await send(
      'POST',
      `/api/admin/estimates/${estimate.id}/status`,
      JSON.stringify({ status: 'in_progress', note: longestText(MESSAGE_MAX_LENGTH) }),
      admin,
    );
    expect(note.statusCode, note.body.slice(0, 200)).toBe(200);

    const photos = (await uploadedPhotos(alice, MAX_PHOTOS_PER_ESTIMATE)).map(longestPhotoUrl);
    const payload = JSON.stringify(submission(photos, longestText(WORK_DESCRIPTION_MAX_LENGTH)));
    expect(Buffer.byteLength(payload)).toBeGreaterThan(50 * 1024);
    const created = await send('POST', '/api/estimates/batch-create', payload, alice);
    expect(created.statusCode, created.body.slice(0, 200)).toBe(201);

    // A full list of the longest photo URLs in a PATCH is not refused for its size.
    const patch = await send(
      'PATCH',
      `/api/estimates/${created.json().estimate.id}`,
      JSON.stringify({ photos }),
      alice,
    );
    expect(patch.statusCode).not.toBe(413);
  });
});

describe('security probe, JSON bodies: nesting depth', () => {
  it('refuses a deeply nested body with 400 before parsing it', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await send('POST', '/api/login', deep);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TOO_DEEP_MESSAGE);

    // Also where the limit is large, for a signed-in caller.
    const deeper = JSON.stringify(submission([])).replace(
      '"photos":[]',
      `"photos":${'['.repeat(60_000)}${']'.repeat(60_000)}`,
    );
    const big = await send('POST', '/api/estimates/batch-create', deeper, alice);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(TOO_DEEP_MESSAGE);
  });

  it(`takes nesting up to ${MAX_JSON_DEPTH} levels and does not count brackets inside strings`, () => {
    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ content: '[[[[{{{{"\\'.repeat(100) }), 2)).toBe(false);
  });
});

describe('security probe, JSON bodies: short error messages', () => {
  it('answers 90,000 unknown keys with a short message, never the list', async () => {
    // A route whose schema refuses unknown keys (zod's message lists each one of them).
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    const payload = unknownKeys(90_000, { content: 'Hello' });
    expect(payload.length).toBeLessThan(1024 * 1024); // within the old limit of every route
    const res = await send('POST', `/api/estimates/${estimate.id}/messages`, payload, alice);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body.length).toBeLessThan(MAX_ERROR_MESSAGE_LENGTH);
  });

  it('names the first few unknown keys and counts the rest when the body is within its limit', async () => {
    const [photo] = await uploadedPhotos(alice, 1);
    const payload = unknownKeys(9_000, submission([photoUrl(photo ?? '')]));
    const res = await send('POST', '/api/estimates/batch-create', payload, alice);
    expect(res.statusCode).toBe(400);
    const { message } = res.json() as { message: string };
    expect(message).toBe('Unrecognized keys: "k0", "k1", "k2" and 8997 more');
    expect(message.length).toBeLessThan(MAX_ERROR_MESSAGE_LENGTH);
  });
});

describe('compressed JSON bodies', () => {
  it('are refused with 415 and a message saying to send the body uncompressed; nothing is stored', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    const res = await send(
      'POST',
      `/api/estimates/${estimate.id}/messages`,
      gzipSync(JSON.stringify({ content: 'Hello' })),
      alice,
      { 'content-encoding': 'gzip' },
    );
    expect([res.statusCode, res.json()]).toEqual([415, { message: COMPRESSED_BODY_MESSAGE }]);
    const listed = await t.app.inject({ url: `/api/estimates/${estimate.id}/messages`, headers: as(alice) });
    expect(listed.json()).toEqual([]);
  });

  it('are taken as they are when marked identity', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    const res = await send(
      'POST',
      `/api/estimates/${estimate.id}/messages`,
      JSON.stringify({ content: 'Hello' }),
      alice,
      { 'content-encoding': 'identity' },
    );
    expect(res.statusCode).toBe(201);
  });
});
