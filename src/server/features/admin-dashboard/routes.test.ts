import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminEstimatePage } from '#domain/admin-dashboard.ts';
import { createEstimate, createUploadedPhoto, createUser, createVehicle } from '#server/db/factories.ts';
import { type EstimateRow, estimates, type UserRow } from '#server/db/schema.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

let maria: UserRow;
/** Estimates by a short name, created oldest first (one day apart, shop time noon). */
const e: Record<string, EstimateRow> = {};
let thumbnailPhotoId: string;
/** The summary before any estimate existed. */
let emptySummary: unknown;

const LONG_DESCRIPTION = `${'Hail damage on the hood and roof. '.repeat(5)}End.`;

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);
beforeAll(async () => {
  emptySummary = (await get('/api/admin/estimates/summary', admin)).json();
  const { db } = t.database;
  maria = await createUser(db, {
    email: 'maria.lopez@demo.shop',
    firstName: 'Maria',
    lastName: 'Lopez',
    phone: '(813) 555-0142',
  });
  const civic = await createVehicle(db, maria.id, {
    year: 2016,
    make: 'Honda',
    model: 'Civic',
    licensePlate: 'BAY2207',
  });
  const truck = await createVehicle(db, alice.user.id, {
    year: 2018,
    make: 'Ford',
    model: 'F-150',
    licensePlate: 'GTR_90%',
  });
  const at = (day: string) => new Date(`${day}T12:00:00-05:00`);
  e.pending = await createEstimate(db, {
    userId: maria.id,
    vehicleId: civic.id,
    status: 'pending',
    damageDescription: LONG_DESCRIPTION,
    createdAt: at('2025-01-10'),
  });
  e.quoted = await createEstimate(db, {
    userId: maria.id,
    vehicleId: civic.id,
    status: 'quoted',
    estimatedAmount: '0.10',
    insuranceCompany: 'State Farm',
    damageDescription: 'Scratch on the passenger door.',
    createdAt: at('2025-01-11'),
  });
  e.quoted2 = await createEstimate(db, {
    userId: alice.user.id,
    vehicleId: truck.id,
    status: 'quoted',
    estimatedAmount: '0.20',
    damageDescription: 'Tailgate dent.',
    createdAt: at('2025-01-12'),
  });
  e.approved = await createEstimate(db, {
    userId: alice.user.id,
    vehicleId: truck.id,
    status: 'approved',
    estimatedAmount: '9999999999.99',
    damageDescription: 'Frame straightening.',
    createdAt: at('2025-01-13'),
  });
  e.scheduled = await createEstimate(db, {
    userId: alice.user.id,
    status: 'scheduled',
    estimatedAmount: '4120.75',
    insuranceCompany: 'Progressive',
    damageDescription: '   ',
    createdAt: at('2025-01-14'),
  });
  e.inProgress = await createEstimate(db, {
    userId: maria.id,
    status: 'in_progress',
    estimatedAmount: '6890.00',
    createdAt: at('2025-01-15'),
  });
  e.completed = await createEstimate(db, {
    userId: maria.id,
    status: 'completed',
    estimatedAmount: '425.00',
    createdAt: at('2025-01-16'),
  });
  e.cancelled = await createEstimate(db, {
    userId: alice.user.id,
    status: 'cancelled',
    estimatedAmount: '310.00',
    createdAt: at('2025-01-17'),
  });
  e.declined = await createEstimate(db, {
    userId: alice.user.id,
    status: 'declined',
    createdAt: at('2025-01-18'),
  });
  // Photos out of order: the thumbnail is the one at position 0.
  await createUploadedPhoto(db, { uploaderId: maria.id, estimateId: e.quoted.id, position: 1 });
  const first = await createUploadedPhoto(db, { uploaderId: maria.id, estimateId: e.quoted.id, position: 0 });
  thumbnailPhotoId = first.id;
});

const get = (url: string, person?: Person) => t.app.inject({ method: 'GET', url, headers: as(person) });
const list = async (query: string) => {
  const res = await get(`/api/admin/estimates?${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminEstimatePage;
};
const ids = async (query: string) => (await list(query)).items.map((item) => item.id);
const named = (...names: string[]) => names.map((name) => e[name]?.id);

describe('access', () => {
  it('answers 401 to anonymous callers and 403 to customers, whatever they send', async () => {
    for (const url of [
      '/api/admin/estimates',
      '/api/admin/estimates?page=0',
      '/api/admin/estimates/summary',
      '/api/admin/vehicles?q=civic',
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
      const refused = await get(url, alice);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBeTruthy();
    }
  });
});

describe('GET /api/admin/estimates', () => {
  it('lists every estimate newest first, with the fields of a row and nothing else', async () => {
    const page = await list('');
    expect(page.total).toBe(9);
    expect(page.items.map((item) => item.id)).toEqual(
      named(
        'declined',
        'cancelled',
        'completed',
        'inProgress',
        'scheduled',
        'approved',
        'quoted2',
        'quoted',
        'pending',
      ),
    );
    const quoted = page.items.find((item) => item.id === e.quoted?.id);
    expect(quoted).toEqual({
      id: e.quoted?.id,
      reference: e.quoted?.id.slice(0, 8).toUpperCase(),
      status: 'quoted',
      createdAt: '2025-01-11T17:00:00.000Z',
      estimatedAmount: '0.10',
      damageDescriptionPreview: 'Scratch on the passenger door.',
      damageDescriptionTruncated: false,
      insuranceCompany: 'State Farm',
      customer: {
        id: maria.id,
        name: 'Maria Lopez',
        email: 'maria.lopez@demo.shop',
        phone: '(813) 555-0142',
      },
      vehicle: { title: '2016 Honda Civic', licensePlate: 'BAY2207' },
      thumbnailUrl: `/api/photos/${thumbnailPhotoId}/thumbnail`,
      repairStage: null,
      inShopSince: null,
      daysInShop: null,
      promisedDate: null,
      paid: '0.00',
      balanceDue: '0.00',
      supplementAwaiting: false,
    });
    const scheduled = page.items.find((item) => item.id === e.scheduled?.id);
    expect(scheduled).toMatchObject({ vehicle: null, thumbnailUrl: null, damageDescriptionPreview: null });
  });

  it('cuts the description to its first 100 characters', async () => {
    const [pending] = (await list(`q=${e.pending?.id.slice(0, 8)}`)).items;
    expect(pending?.damageDescriptionPreview).toBe(LONG_DESCRIPTION.slice(0, 100));
    expect(pending?.damageDescriptionTruncated).toBe(true);
  });

  it('pages: total on every page, an empty page past the end', async () => {
    const first = await list('pageSize=4');
    expect(first).toMatchObject({ total: 9, page: 1, pageSize: 4 });
    expect(first.items).toHaveLength(4);
    const third = await list('pageSize=4&page=3');
    expect(third.items.map((item) => item.id)).toEqual(named('pending'));
    const pages = [...first.items, ...(await list('pageSize=4&page=2')).items, ...third.items];
    expect(new Set(pages.map((item) => item.id)).size).toBe(9);
    expect(await list('pageSize=4&page=4')).toMatchObject({ items: [], total: 9, page: 4 });
  });

  it('pages a text search the same way, with its total on every page and past the end', async () => {
    // "maria lo" matches Maria Lopez's four estimates.
    const first = await list('q=maria%20lo&pageSize=3');
    expect(first).toMatchObject({ total: 4, page: 1 });
    expect(first.items.map((item) => item.id)).toEqual(named('completed', 'inProgress', 'quoted'));
    const second = await list('q=maria%20lo&pageSize=3&page=2');
    expect(second).toMatchObject({ total: 4, page: 2 });
    expect(second.items.map((item) => item.id)).toEqual(named('pending'));
    expect(await list('q=maria%20lo&pageSize=3&page=3')).toMatchObject({ items: [], total: 4 });
    expect(await list('q=nothing-like-this&page=2')).toMatchObject({ items: [], total: 0 });
  });

  it('filters by status, either spelling of in progress, or every active one', async () => {
    expect(await ids('status=quoted')).toEqual(named('quoted2', 'quoted'));
    expect(await ids('status=in-progress')).toEqual(named('inProgress'));
    expect(await ids('status=in_progress')).toEqual(named('inProgress'));
    expect(await ids('status=active')).toEqual(
      named('declined', 'inProgress', 'scheduled', 'approved', 'quoted2', 'quoted', 'pending'),
    );
    expect((await list('status=cancelled')).total).toBe(1);
  });

  it('searches reference, plate, vehicle, customer, insurance and description, ignoring case', async () => {
    const reference = e.approved?.id.slice(0, 8).toUpperCase() ?? '';
    expect(await ids(`q=${encodeURIComponent(`#${reference}`)}`)).toEqual(named('approved'));
    expect(await ids(`q=${reference.toLowerCase()}`)).toEqual(named('approved'));
    expect(await ids('q=bay22')).toEqual(named('quoted', 'pending'));
    expect(await ids('q=honda%20civ')).toEqual(named('quoted', 'pending'));
    expect(await ids('q=2018%20ford')).toEqual(named('approved', 'quoted2'));
    expect(await ids('q=maria%20lo')).toEqual(named('completed', 'inProgress', 'quoted', 'pending'));
    expect(await ids('q=MARIA.LOPEZ%40demo')).toEqual(named('completed', 'inProgress', 'quoted', 'pending'));
    expect(await ids('q=555-0142')).toEqual(named('completed', 'inProgress', 'quoted', 'pending'));
    // The number typed another way than the customer gave it.
    expect(await ids('q=813-555-0142')).toEqual(named('completed', 'inProgress', 'quoted', 'pending'));
    expect(await ids('q=8135550142')).toEqual(named('completed', 'inProgress', 'quoted', 'pending'));
    expect(await ids('q=state%20farm')).toEqual(named('quoted'));
    expect(await ids('q=TAILGATE')).toEqual(named('quoted2'));
    expect(await ids('q=nothing-like-this')).toEqual([]);
  });

  it('takes % and _ in the search literally', async () => {
    expect(await ids('q=_90%25')).toEqual(named('approved', 'quoted2'));
    expect(await ids('q=%25')).toEqual(named('approved', 'quoted2'));
    expect(await ids('q=R_9')).toEqual(named('approved', 'quoted2'));
    expect(await ids('q=R9')).toEqual([]);
  });

  it("filters by day in the shop's time zone, both ends included", async () => {
    expect(await ids('from=2025-01-16')).toEqual(named('declined', 'cancelled', 'completed'));
    expect(await ids('to=2025-01-11')).toEqual(named('quoted', 'pending'));
    expect(await ids('from=2025-01-12&to=2025-01-12')).toEqual(named('quoted2'));
    // 23:30 in New York on the 9th is already the 10th in UTC: it belongs to the 9th.
    const late = await createEstimate(t.database.db, {
      userId: alice.user.id,
      createdAt: new Date('2025-01-10T04:30:00.000Z'),
    });
    expect(await ids('from=2025-01-09&to=2025-01-09')).toEqual([late.id]);
    expect(await ids('from=2025-01-10&to=2025-01-10')).toEqual(named('pending'));
    await t.database.db.delete(estimates).where(eq(estimates.id, late.id));
  });

  it("lists one customer's estimates, combined with the other filters", async () => {
    expect(await ids(`customerId=${maria.id}`)).toEqual(
      named('completed', 'inProgress', 'quoted', 'pending'),
    );
    expect(await ids(`customerId=${maria.id}&status=quoted&q=scratch`)).toEqual(named('quoted'));
    expect(await ids(`customerId=${crypto.randomUUID()}`)).toEqual([]);
  });

  it('answers bad parameters with 400 and a message', async () => {
    for (const [query, message] of [
      ['status=lost', 'Unknown status: lost'],
      ['page=0', 'page must be a whole number of 1 or more'],
      ['page=abc', 'page must be a whole number of 1 or more'],
      ['pageSize=101', 'pageSize must be a whole number from 1 to 100'],
      ['from=2025-13-01', 'from must be a date written YYYY-MM-DD'],
      ['to=yesterday', 'to must be a date written YYYY-MM-DD'],
      ['from=2025-02-01&to=2025-01-01', 'from must be on or before to'],
      [`q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
      ['customerId=42', 'customerId must be a customer id'],
      ['balanceDue=yes', 'balanceDue must be true or false'],
    ]) {
      const res = await get(`/api/admin/estimates?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ message });
    }
  });
});

describe('GET /api/admin/estimates/summary', () => {
  it('sums exactly and counts per card', async () => {
    const res = await get('/api/admin/estimates/summary', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      // 0.10 + 0.20 is 0.30 exactly (not 0.30000000000000004).
      quoted: { count: 2, sum: '0.30' },
      approved: { count: 1, sum: '9999999999.99' },
      scheduled: { count: 1, sum: '4120.75' },
      activeRepairs: 2,
      completed: 1,
      // Agreed work only: the cancelled $310.00 and the quotes are not revenue.
      totalRevenue: '10000011435.74',
      totalCount: 9,
      // Every amount quoted but the cancelled one.
      totalQuoted: '10000011436.04',
      quotesWaiting: { count: 2, sum: '0.30' },
      approvedNotInvoiced: { count: 3, sum: '10000011010.74' },
      balancesOutstanding: { count: 4, sum: '10000011435.74' },
      collectedThisMonth: {
        sum: '0.00',
        count: 0,
        since: expect.stringMatching(/^\d{4}-\d{2}-01$/),
        byMethod: [],
      },
    });
  });

  it('says 0.00 and 0 when there is nothing to count', () => {
    expect(emptySummary).toEqual({
      quoted: { count: 0, sum: '0.00' },
      approved: { count: 0, sum: '0.00' },
      scheduled: { count: 0, sum: '0.00' },
      activeRepairs: 0,
      completed: 0,
      totalRevenue: '0.00',
      totalCount: 0,
      totalQuoted: '0.00',
      quotesWaiting: { count: 0, sum: '0.00' },
      approvedNotInvoiced: { count: 0, sum: '0.00' },
      balancesOutstanding: { count: 0, sum: '0.00' },
      collectedThisMonth: { sum: '0.00', count: 0, since: expect.any(String), byMethod: [] },
    });
  });
});

describe('GET /api/admin/vehicles', () => {
  it('finds vehicles by plate, vehicle or owner, with the owner and the newest estimate', async () => {
    const res = await get('/api/admin/vehicles?q=bay', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        year: 2016,
        make: 'Honda',
        model: 'Civic',
        licensePlate: 'BAY2207',
        vin: expect.any(String),
        owner: { id: maria.id, name: 'Maria Lopez', email: 'maria.lopez@demo.shop' },
        latestEstimateId: e.quoted?.id,
      },
    ]);
    const byOwner = (await get('/api/admin/vehicles?q=alice%20ad', admin)).json();
    expect(byOwner.map((v: { licensePlate: string }) => v.licensePlate)).toEqual(['GTR_90%']);
    expect((await get('/api/admin/vehicles?q=_9', admin)).json()).toHaveLength(1);
    expect((await get('/api/admin/vehicles', admin)).json()).toHaveLength(2);
    expect((await get('/api/admin/vehicles?limit=51', admin)).statusCode).toBe(400);
    expect((await get(`/api/admin/vehicles?q=${'x'.repeat(51)}`, admin)).statusCode).toBe(400);
  });

  it('puts plates that start with the text first', async () => {
    const { db } = t.database;
    const other = await createVehicle(db, maria.id, { licensePlate: 'XBAY1', make: 'Kia', model: 'Soul' });
    const found = (await get('/api/admin/vehicles?q=bay', admin)).json();
    expect(found.map((v: { licensePlate: string }) => v.licensePlate)).toEqual(['BAY2207', 'XBAY1']);
    expect(found[1].latestEstimateId).toBeNull();
    expect(other.id).toBe(found[1].id);
  });
});
