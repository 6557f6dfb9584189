import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_LINK_NOT_VALID, STATUS_LINK_TTL_DAYS, type StatusPage } from '#domain/status-links.ts';
import { createEstimate, createMessage, createUploadedPhoto, createVehicle } from '#server/db/factories.ts';
import { estimates, statusLinks } from '#server/db/schema.ts';
import { createTestApp } from '#server/test-support/app.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import {
  deleteExpiredStatusLinks,
  findStatusPhoto,
  loadStatusPage,
  STATUS_LINKS_PER_USER,
} from './service.ts';

const APP_URL = 'https://shop.example';
const SECRET = 's'.repeat(40);
const objectsDir = mkdtempSync(path.join(tmpdir(), 'shop-status-objects-'));
const clientDir = mkdtempSync(path.join(tmpdir(), 'shop-status-client-'));
afterAll(() => {
  rmSync(objectsDir, { recursive: true, force: true });
  rmSync(clientDir, { recursive: true, force: true });
});

beforeAll(() => {
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<html><head></head><body><div id="root"></div></body></html>',
  );
});
const t = setUpTestShop({
  appUrl: APP_URL,
  sessionSecret: SECRET,
  clientDir,
  repairStages: ['Body repair', 'Paint'],
  objectStore: { kind: 'disk', dir: objectsDir },
});
const { alice, bob, admin } = setUpCast(t);

const db = () => t.database.db;
function inject(method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, person?: Person, payload?: object) {
  return t.app.inject({ method, url, headers: as(person), ...(payload ? { payload } : {}) });
}

/** A photo with bytes in the store, uploaded by `uploader` and maybe on an estimate already. */
async function storedPhoto(uploader: Person, estimateId?: string) {
  const photo = await createUploadedPhoto(db(), { uploaderId: uploader.user.id, estimateId });
  for (const key of [photo.objectKey, photo.thumbnailKey ?? '']) {
    const file = path.join(objectsDir, key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `bytes of ${key}`);
  }
  return photo;
}

/**
 * Alice's car in the shop, with everything the status page must not show beside what it shows: the
 * plate and VIN, the amounts, her contact details, a message, an internal stage with its photo.
 */
async function repairInShop() {
  const vehicle = await createVehicle(db(), alice.user.id, {
    year: 2021,
    make: 'Honda',
    model: 'Civic',
    licensePlate: 'SEKRT42',
    vin: '2HGFC2F5XMH000042',
  });
  const estimate = await createEstimate(db(), {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'approved',
    estimatedAmount: '1234.56',
    customerDeductible: '500.00',
  });
  await db()
    .update(estimates)
    .set({ contactEmail: 'alice.private@example.com', contactPhone: '(813) 555-0199' })
    .where(eq(estimates.id, estimate.id));
  await createMessage(db(), {
    estimateId: estimate.id,
    authorId: alice.user.id,
    isFromAdmin: false,
    content: 'Please call me before noon.',
  });
  const damage = await storedPhoto(alice, estimate.id);
  expect(
    (await inject('PATCH', `/api/estimates/${estimate.id}`, admin, { status: 'in_progress' })).statusCode,
  ).toBe(200);
  const progress = await storedPhoto(admin);
  const hidden = await storedPhoto(admin);
  const shown = await inject('POST', `/api/estimates/${estimate.id}/stages`, admin, {
    stage: 'Body repair',
    note: 'Bumper is off.',
    photos: [`/api/photos/${progress.id}`],
  });
  expect(shown.statusCode, shown.body).toBe(201);
  const internal = await inject('POST', `/api/estimates/${estimate.id}/stages`, admin, {
    stage: 'Paint',
    note: 'Color match off; redo at our cost.',
    internal: true,
    photos: [`/api/photos/${hidden.id}`],
  });
  expect(internal.statusCode, internal.body).toBe(201);
  for (const [promisedDate, promisedDateReason] of [
    ['2030-03-10', undefined],
    ['2030-03-14', 'Waiting on a back-ordered bumper'],
  ] as const) {
    const res = await inject('PATCH', `/api/estimates/${estimate.id}`, admin, {
      promisedDate,
      promisedDateReason,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { estimate, vehicle, damage, progress, hidden };
}

async function linkFor(estimateId: string, person: Person = alice): Promise<string> {
  const res = await inject('POST', `/api/estimates/${estimateId}/status-link`, person);
  expect(res.statusCode, res.body).toBe(201);
  const { url } = res.json() as { url: string };
  expect(url).toMatch(new RegExp(`^${APP_URL}/status/[A-Za-z0-9_.-]+$`));
  return url.slice(`${APP_URL}/status/`.length);
}

const read = (token: string) => inject('GET', `/api/status/${token}`);

/** The same token with one character of its signature changed. */
function tampered(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('POST and DELETE /api/estimates/{id}/status-link', () => {
  it('gives the owner and the shop a link; another customer hears the estimate does not exist', async () => {
    const { estimate } = await repairInShop();
    await linkFor(estimate.id, alice);
    await linkFor(estimate.id, admin);
    const missing = await inject('GET', '/api/estimates/00000000-0000-4000-8000-000000000000', bob);
    for (const method of ['POST', 'DELETE'] as const) {
      const outsider = await inject(method, `/api/estimates/${estimate.id}/status-link`, bob);
      expect(outsider.statusCode).toBe(404);
      expect(outsider.json()).toEqual(missing.json());
      expect((await inject(method, `/api/estimates/${estimate.id}/status-link`)).statusCode).toBe(401);
    }
    const rows = await db().select().from(statusLinks).where(eq(statusLinks.estimateId, estimate.id));
    expect(rows.map((row) => row.createdBy).sort()).toEqual([alice.user.id, admin.user.id].sort());
    for (const row of rows) {
      const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
      expect(days).toBeCloseTo(STATUS_LINK_TTL_DAYS, 2);
    }
  });

  it('gives one person at most 30 links an hour, then a 429 with when to try again', async () => {
    const sharer = await createPerson(t, { email: 'sharer@example.com', firstName: 'Sam' });
    const estimate = await createEstimate(db(), { userId: sharer.user.id, status: 'in_progress' });
    for (let i = 0; i < STATUS_LINKS_PER_USER.max; i += 1) {
      expect((await inject('POST', `/api/estimates/${estimate.id}/status-link`, sharer)).statusCode).toBe(
        201,
      );
    }
    const refused = await inject('POST', `/api/estimates/${estimate.id}/status-link`, sharer);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const rows = await db().select().from(statusLinks).where(eq(statusLinks.estimateId, estimate.id));
    expect(rows).toHaveLength(STATUS_LINKS_PER_USER.max);
  });

  it('turns off every link of the estimate, for the owner or the shop, and only that estimate', async () => {
    const { estimate } = await repairInShop();
    const other = await repairInShop();
    const first = await linkFor(estimate.id, alice);
    const second = await linkFor(estimate.id, admin);
    const elsewhere = await linkFor(other.estimate.id, alice);
    const off = await inject('DELETE', `/api/estimates/${estimate.id}/status-link`, alice);
    expect(off.statusCode).toBe(204);
    for (const token of [first, second]) {
      const res = await read(token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: STATUS_LINK_NOT_VALID });
    }
    expect((await read(elsewhere)).statusCode).toBe(200);
    // A link asked for afterwards works; the shop turns it off too.
    const fresh = await linkFor(estimate.id, alice);
    expect((await read(fresh)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/estimates/${estimate.id}/status-link`, admin)).statusCode).toBe(204);
    expect((await read(fresh)).statusCode).toBe(404);
  });
});

describe('GET /api/status/{token}', () => {
  it('shows the status, visible timeline, promised date and photos, signed out, and nothing else', async () => {
    const { estimate, damage, progress, hidden, vehicle } = await repairInShop();
    const token = await linkFor(estimate.id);
    const res = await read(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const page = res.json() as StatusPage;
    const photoOf = (id: string) => ({
      url: `/api/status/${token}/photos/${id}`,
      thumbnailUrl: `/api/status/${token}/photos/${id}/thumbnail`,
    });
    expect(page).toEqual({
      firstName: 'Alice',
      vehicle: { year: 2021, make: 'Honda', model: 'Civic' },
      status: 'in_progress',
      promisedDate: '2030-03-14',
      promisedDateHistory: [
        { date: '2030-03-10', reason: null, at: expect.any(String) },
        { date: '2030-03-14', reason: 'Waiting on a back-ordered bumper', at: expect.any(String) },
      ],
      timeline: [
        { kind: 'status', name: 'approved', at: expect.any(String) },
        { kind: 'status', name: 'in_progress', at: expect.any(String) },
        {
          kind: 'stage',
          name: 'Body repair',
          at: expect.any(String),
          note: 'Bumper is off.',
          photos: [photoOf(progress.id)],
        },
      ],
      photos: [photoOf(damage.id)],
      expiresAt: expect.any(String),
    });
    for (const secret of [
      alice.user.email,
      'alice.private@example.com',
      '555-0199',
      alice.user.lastName ?? 'Adams',
      '1234.56',
      '500.00',
      vehicle.licensePlate ?? 'SEKRT42',
      vehicle.vin ?? '2HGFC2F5XMH000042',
      'Please call me before noon.',
      'Color match off',
      'Paint',
      hidden.id,
      estimate.id,
      alice.user.id,
      vehicle.id,
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('serves the photos the page names, and no other photo, through the token only', async () => {
    const { estimate, damage, progress, hidden } = await repairInShop();
    const other = await repairInShop();
    const token = await linkFor(estimate.id);
    for (const id of [damage.id, progress.id]) {
      for (const suffix of ['', '/thumbnail']) {
        const res = await inject('GET', `/api/status/${token}/photos/${id}${suffix}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
      }
    }
    // An internal stage's photo, another estimate's photos, a stray upload: the same 404 as a bad link.
    const stray = await storedPhoto(alice);
    for (const id of [hidden.id, other.damage.id, other.progress.id, stray.id, 'not-a-photo']) {
      const res = await inject('GET', `/api/status/${token}/photos/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: STATUS_LINK_NOT_VALID });
    }
    // A good photo through a bad or revoked token: nothing.
    expect((await inject('GET', `/api/status/${tampered(token)}/photos/${damage.id}`)).statusCode).toBe(404);
    await inject('DELETE', `/api/estimates/${estimate.id}/status-link`, alice);
    expect((await inject('GET', `/api/status/${token}/photos/${damage.id}`)).statusCode).toBe(404);
  });

  it('answers a tampered, foreign, malformed or unknown token with the same plain 404', async () => {
    const { estimate } = await repairInShop();
    const token = await linkFor(estimate.id);
    const [id = '', expiry = '', signature = ''] = token.split('.');
    const later = (Number.parseInt(expiry, 36) + 86_400 * 365).toString(36);
    const otherId = Buffer.from('00000000000040008000000000000000', 'hex').toString('base64url');
    for (const bad of [
      tampered(token),
      `${id}.${later}.${signature}`,
      `${otherId}.${expiry}.${signature}`,
      `${id}.${expiry}`,
      'garbage',
      `${token}x`,
    ]) {
      const res = await read(encodeURIComponent(bad));
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toEqual({ message: STATUS_LINK_NOT_VALID });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('stops working after 30 days', async () => {
    const { estimate, damage } = await repairInShop();
    const token = await linkFor(estimate.id);
    const day = 86_400_000;
    const soon = new Date(Date.now() + (STATUS_LINK_TTL_DAYS - 1) * day);
    const late = new Date(Date.now() + (STATUS_LINK_TTL_DAYS + 1) * day);
    expect((await loadStatusPage(db(), SECRET, token, soon)).firstName).toBe('Alice');
    await expect(loadStatusPage(db(), SECRET, token, late)).rejects.toThrow(STATUS_LINK_NOT_VALID);
    expect(await findStatusPhoto(db(), SECRET, token, damage.id, soon)).not.toBeNull();
    expect(await findStatusPhoto(db(), SECRET, token, damage.id, late)).toBeNull();
    // The row's expiry rules too: shortened in the database, the token is dead now.
    await db()
      .update(statusLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(statusLinks.estimateId, estimate.id));
    expect((await read(token)).statusCode).toBe(404);
  });

  it('is deleted by the hourly clean-up once expired, and a live link is kept', async () => {
    const { estimate } = await repairInShop();
    const expired = await linkFor(estimate.id);
    await db()
      .update(statusLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(statusLinks.estimateId, estimate.id));
    const live = await linkFor(estimate.id);
    expect(await deleteExpiredStatusLinks(db())).toBeGreaterThanOrEqual(1);
    const left = await db().select().from(statusLinks).where(eq(statusLinks.estimateId, estimate.id));
    expect(left).toHaveLength(1);
    expect((await read(live)).statusCode).toBe(200);
    expect((await read(expired)).statusCode).toBe(404);
  });

  // 300 requests: seconds on a quiet machine, more on a busy one.
  it('limits how often one address may read', async () => {
    const limited = await createTestApp({ sessionSecret: SECRET });
    try {
      const codes = new Set<number>();
      for (let i = 0; i < 300; i += 1) {
        codes.add((await limited.app.inject({ method: 'GET', url: '/api/status/garbage' })).statusCode);
      }
      expect([...codes]).toEqual([404]);
      const refused = await limited.app.inject({ method: 'GET', url: '/api/status/garbage' });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('the /status/<token> page', () => {
  it('is the app (200) while the link is valid, and a private 404 once it is not', async () => {
    const { estimate } = await repairInShop();
    const token = await linkFor(estimate.id);
    const page = await inject('GET', `/status/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    const bad = await inject('GET', `/status/${tampered(token)}`);
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['content-type']).toContain('text/html');
    await inject('DELETE', `/api/estimates/${estimate.id}/status-link`, admin);
    expect((await inject('GET', `/status/${token}`)).statusCode).toBe(404);
    expect((await inject('GET', '/status/garbage')).statusCode).toBe(404);
  });
});
