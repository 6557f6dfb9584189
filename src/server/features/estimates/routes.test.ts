import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEstimate, createUploadedPhoto, createVehicle } from '#server/db/factories.ts';
import { type EstimateRow, estimates } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

let aliceEstimate: EstimateRow;
let bobEstimate: EstimateRow;

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);
beforeAll(async () => {
  const { db } = t.database;
  const car = await createVehicle(db, alice.user.id, {
    make: 'Honda',
    model: 'Civic',
    licensePlate: 'AL1CE',
  });
  aliceEstimate = await createEstimate(db, {
    userId: alice.user.id,
    vehicleId: car.id,
    estimatedAmount: '1234.50',
    createdAt: new Date('2026-03-01T10:00:00Z'),
  });
  bobEstimate = await createEstimate(db, { userId: bob.user.id, status: 'quoted' });
  await createUploadedPhoto(db, { uploaderId: alice.user.id, estimateId: aliceEstimate.id, position: 1 });
  await createUploadedPhoto(db, { uploaderId: alice.user.id, estimateId: aliceEstimate.id, position: 0 });
});

const list = (person?: Person, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/estimates', headers: { ...as(person), ...headers } });
const detail = (id: string, person?: Person) =>
  t.app.inject({ method: 'GET', url: `/api/estimates/${id}`, headers: as(person) });

describe('GET /api/estimates', () => {
  it('needs a signed-in user', async () => {
    const res = await list();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('shows a customer only their own estimates, with the vehicle, photos in order and exact amounts', async () => {
    const own = (await list(alice)).json();
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      id: aliceEstimate.id,
      status: 'pending',
      estimatedAmount: '1234.50',
      createdAt: '2026-03-01T10:00:00.000Z',
      vehicle: { make: 'Honda', model: 'Civic', licensePlate: 'AL1CE' },
    });
    expect(own[0].photos).toHaveLength(2);
    expect(own[0].photos[0]).toMatch(/^\/api\/photos\/[0-9a-f-]{36}$/);
    expect(own[0].thumbnails[0]).toBe(`${own[0].photos[0]}/thumbnail`);
    const bobs = (await list(bob)).json();
    expect(bobs.map((e: { id: string }) => e.id)).toEqual([bobEstimate.id]);
  });

  it('shows an admin every estimate, newest first', async () => {
    const all = (await list(admin)).json();
    expect(all.map((e: { id: string }) => e.id)).toEqual([bobEstimate.id, aliceEstimate.id]);
  });

  it('sends only the allowed fields', async () => {
    const [estimate] = (await list(alice)).json();
    expect(Object.keys(estimate).sort()).toEqual(
      [
        'actualAmount',
        'amountPaid',
        'createdAt',
        'customerDeductible',
        'damageDescription',
        'estimatedAmount',
        'id',
        'insuranceCompany',
        'insuranceCoverage',
        'photos',
        'status',
        'supplementAwaiting',
        'thumbnails',
        'userId',
        'vehicle',
        'vehicleId',
      ].sort(),
    );
    expect(Object.keys(estimate.vehicle).sort()).toEqual(
      ['id', 'licensePlate', 'make', 'mileage', 'model', 'vin', 'year'].sort(),
    );
  });
});

describe('GET /api/estimates: ETag and 304 for the 5-second poll', () => {
  it('answers an unchanged list with 304 and no body, privately and revalidated each time', async () => {
    const first = await list(alice);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const poll = await list(alice, { 'if-none-match': etag });
    expect(poll.statusCode).toBe(304);
    expect(poll.body).toBe('');
    expect(poll.headers.etag).toBe(etag);

    // Accepts the strong form, lists, and any spacing.
    const strong = etag.replace(/^W\//, '');
    expect((await list(alice, { 'if-none-match': `"other", ${strong}` })).statusCode).toBe(304);
    expect((await list(alice, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('keeps answering 304 to a poll every few seconds while nothing changes', async () => {
    const etag = String((await list(alice)).headers.etag);
    for (let poll = 0; poll < 3; poll++) {
      const res = await list(alice, { 'if-none-match': etag });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
    }
  });

  it('is a different tag for each viewer, even over the same estimates', async () => {
    const aliceTag = String((await list(alice)).headers.etag);
    const adminTag = String((await list(admin)).headers.etag);
    expect(aliceTag).not.toBe(adminTag);
    expect((await list(bob, { 'if-none-match': aliceTag })).statusCode).toBe(200);
  });

  it('sends the list gzipped to clients that accept it, as plain JSON to others, and fresh after a change', async () => {
    const plain = await list(alice);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const zipped = await list(alice, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(
      (await list(alice, { 'accept-encoding': 'gzip;q=0' })).headers['content-encoding'],
    ).toBeUndefined();

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/estimates/${aliceEstimate.id}`,
      headers: as(admin),
      payload: { estimatedAmount: '1299.00' },
    });
    expect(res.statusCode).toBe(200);
    const after = await list(alice, { 'accept-encoding': 'gzip' });
    expect(after.headers.etag).not.toBe(zipped.headers.etag);
    expect(JSON.parse(gunzipSync(after.rawPayload).toString())[0].estimatedAmount).toBe('1299.00');
    expect((await list(alice)).json()[0].estimatedAmount).toBe('1299.00');
  });

  it('changes when one of the estimates changes, and only for the viewers who see it', async () => {
    const aliceTag = String((await list(alice)).headers.etag);
    const bobTag = String((await list(bob)).headers.etag);
    const adminTag = String((await list(admin)).headers.etag);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/estimates/${aliceEstimate.id}`,
      headers: as(admin),
      payload: { estimatedAmount: '1300.00' },
    });
    expect(res.statusCode).toBe(200);

    const after = await list(alice, { 'if-none-match': aliceTag });
    expect(after.statusCode).toBe(200);
    expect(after.json()[0].estimatedAmount).toBe('1300.00');
    expect((await list(admin, { 'if-none-match': adminTag })).statusCode).toBe(200);
    expect((await list(bob, { 'if-none-match': bobTag })).statusCode).toBe(304);
  });

  it('changes when an estimate is added or deleted', async () => {
    const { db } = t.database;
    const tag = String((await list(bob)).headers.etag);
    const extra = await createEstimate(db, { userId: bob.user.id });
    const withExtra = await list(bob, { 'if-none-match': tag });
    expect(withExtra.statusCode).toBe(200);
    await db.delete(estimates).where(eq(estimates.id, extra.id));
    const afterDelete = await list(bob, { 'if-none-match': String(withExtra.headers.etag) });
    expect(afterDelete.statusCode).toBe(200);
    expect(afterDelete.json()).toHaveLength(1);
  });

  it('changes when a change lands with an older timestamp than the newest (a slow concurrent write)', async () => {
    const { db } = t.database;
    const second = await createEstimate(db, {
      userId: bob.user.id,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const tag = String((await list(bob)).headers.etag);
    // The older estimate's updated_at moves but stays below the newest one: max() alone would miss it.
    await db
      .update(estimates)
      .set({ status: 'cancelled', updatedAt: new Date('2026-01-02T00:00:00Z') })
      .where(eq(estimates.id, second.id));
    expect((await list(bob, { 'if-none-match': tag })).statusCode).toBe(200);
    await db.delete(estimates).where(eq(estimates.id, second.id));
  });
});

describe('GET /api/estimates/{id}', () => {
  it('gives the owner and the shop the estimate', async () => {
    for (const person of [alice, admin]) {
      const res = await detail(aliceEstimate.id, person);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: aliceEstimate.id,
        userId: alice.user.id,
        vehicle: { make: 'Honda' },
      });
      expect(res.json().photos).toHaveLength(2);
    }
  });

  it("answers another customer's estimate exactly like a missing one", async () => {
    const other = await detail(aliceEstimate.id, bob);
    const missing = await detail(crypto.randomUUID(), bob);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Estimate not found' });
    expect(missing.json()).toEqual(other.json());
  });

  it('answers 401 to anonymous callers', async () => {
    expect((await detail(aliceEstimate.id)).statusCode).toBe(401);
  });

  it('answers malformed ids with a JSON 404 (414 when absurdly long), never 400 or 500', async () => {
    for (const id of ['abc', '1', 'null', `${aliceEstimate.id}x`, "1' or '1'='1", '%00', 'x'.repeat(99)]) {
      const res = await detail(encodeURIComponent(id), admin);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message, id).toBeTruthy();
    }
    // Longer than any id could be: refused by the router before any lookup.
    const tooLong = await detail('x'.repeat(5000), admin);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json().message).toBeTruthy();
  });

  it('accepts the id in upper case too', async () => {
    expect((await detail(aliceEstimate.id.toUpperCase(), alice)).statusCode).toBe(200);
  });
});

describe('GET /api/estimates/{id}/receipt (public confirmation page)', () => {
  const receipt = (id: string, person?: Person) =>
    t.app.inject({ method: 'GET', url: `/api/estimates/${id}/receipt`, headers: as(person) });

  it('needs no sign-in and shows only the reference, the status and the time', async () => {
    const res = await receipt(bobEstimate.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reference: bobEstimate.id.slice(0, 8).toUpperCase(),
      status: 'Quoted',
      submittedAt: bobEstimate.createdAt.toISOString(),
    });
  });

  it("says 'Pending Review' while the estimate is pending", async () => {
    const { db } = t.database;
    const fresh = await createEstimate(db, { userId: alice.user.id });
    expect((await receipt(fresh.id)).json().status).toBe('Pending Review');
    await db.update(estimates).set({ status: 'in_progress' }).where(eq(estimates.id, fresh.id));
    expect((await receipt(fresh.id)).json().status).toBe('In Progress');
    await db.delete(estimates).where(eq(estimates.id, fresh.id));
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await receipt(crypto.randomUUID())).statusCode).toBe(404);
    expect((await receipt('not-an-id')).statusCode).toBe(404);
  });
});
