import { count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchCreateEstimateInput } from '#domain/estimate-requests.ts';
import {
  MISSING_OVERVIEW_PHOTO,
  MISSING_VEHICLE_INFO,
  MISSING_VIN_OR_ODOMETER,
} from '#domain/estimate-requests.ts';
import { photoUrl } from '#domain/photos.ts';
import { VIN_BAD_CHARACTERS, VIN_BAD_CHECK_DIGIT, VIN_WRONG_LENGTH } from '#domain/vin.ts';
import { createEstimate, createUploadedPhoto } from '#server/db/factories.ts';
import { estimates, photos, users, vehicles } from '#server/db/schema.ts';
import { NOT_YOUR_PHOTOS, PHOTOS_ALREADY_ATTACHED } from '#server/features/photos/service.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import {
  CUSTOMER_NOT_FOUND,
  EMAIL_IS_A_SHOP_ACCOUNT,
  NEW_CUSTOMER_EMAIL_REQUIRED,
} from './estimate-owner.ts';

/**
 * A seam for the race test: after the upload check passes and before the transaction opens, another
 * request may claim the same photo. `raceAfterCheck` does that claim when set.
 */
const race = vi.hoisted(() => ({ afterCheck: null as null | ((ids: string[]) => Promise<void>) }));
vi.mock('#server/features/photos/service.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#server/features/photos/service.ts')>();
  return {
    ...original,
    prepareUploadedPhotos: async (...args: Parameters<typeof original.prepareUploadedPhotos>) => {
      const ids = await original.prepareUploadedPhotos(...args);
      if (race.afterCheck) await race.afterCheck(ids);
      return ids;
    },
  };
});

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);
beforeEach(() => {
  race.afterCheck = null;
});

const create = (payload: unknown, person?: Person) =>
  t.app.inject({
    method: 'POST',
    url: '/api/estimates/batch-create',
    headers: as(person),
    payload: payload as object,
  });

async function upload(person: Person, howMany = 1): Promise<string[]> {
  const urls = [];
  for (let i = 0; i < howMany; i++) {
    urls.push(photoUrl((await createUploadedPhoto(t.database.db, { uploaderId: person.user.id })).id));
  }
  return urls;
}

const submission = (
  photoUrls: string[],
  extra: Partial<BatchCreateEstimateInput> = {},
): BatchCreateEstimateInput => ({
  vehicleInfo: { year: '2019', make: 'Toyota', model: 'Camry', licensePlate: 'abc 123' },
  photos: photoUrls,
  vinNumber: '4t1b11hkxku000001',
  odometerReading: '42,000',
  email: 'alice@example.com',
  phone: '(813) 555-0100',
  insuranceCompany: '',
  workDescription: 'Rear bumper cracked.',
  estimateType: 'cash',
  ...extra,
});

async function rowCounts() {
  const { db } = t.database;
  const [v] = await db.select({ n: count() }).from(vehicles);
  const [e] = await db.select({ n: count() }).from(estimates);
  const [u] = await db.select({ n: count() }).from(users);
  return { vehicles: v?.n, estimates: e?.n, users: u?.n };
}

describe('POST /api/estimates/batch-create by a customer', () => {
  it('stores the vehicle, the estimate and the photos in order, and replies with them', async () => {
    const urls = await upload(alice, 3);
    const res = await create(submission(urls), alice);
    expect(res.statusCode).toBe(201);
    const { estimate, vehicle } = res.json();
    expect(vehicle).toEqual({
      id: expect.any(String),
      year: 2019,
      make: 'Toyota',
      model: 'Camry',
      licensePlate: 'ABC123',
      vin: '4T1B11HKXKU000001',
      mileage: 42_000,
    });
    expect(estimate).toMatchObject({
      userId: alice.user.id,
      vehicleId: vehicle.id,
      status: 'pending',
      photos: urls,
      damageDescription: 'Rear bumper cracked.',
      insuranceCompany: null,
      estimatedAmount: null,
      vehicle,
    });
    const [row] = await t.database.db.select().from(estimates).where(eq(estimates.id, estimate.id));
    expect(row).toMatchObject({
      estimateType: 'cash',
      contactEmail: 'alice@example.com',
      contactPhone: '(813) 555-0100',
    });
    // The list and the receipt see it at once.
    const list = await t.app.inject({ method: 'GET', url: '/api/estimates', headers: as(alice) });
    expect(list.json().map((e: { id: string }) => e.id)).toContain(estimate.id);
    const receipt = await t.app.inject({ method: 'GET', url: `/api/estimates/${estimate.id}/receipt` });
    expect(receipt.json().status).toBe('Pending Review');
  });

  it('keeps the insurance company for an insurance estimate, drops it for cash', async () => {
    const insured = await create(
      submission(await upload(alice), { estimateType: 'insurance', insuranceCompany: 'GEICO' }),
      alice,
    );
    expect(insured.json().estimate.insuranceCompany).toBe('GEICO');
    const cash = await create(submission(await upload(alice), { insuranceCompany: 'GEICO' }), alice);
    expect(cash.json().estimate.insuranceCompany).toBeNull();
  });

  it('stores the phone on the customer when they had none, and never overwrites one', async () => {
    const carol = await createPerson(t, { email: 'carol@example.com' });
    await create(submission(await upload(carol), { phone: '(727) 555-0101' }), carol);
    await create(submission(await upload(carol), { phone: '(727) 555-0199' }), carol);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, carol.user.id));
    expect(row?.phone).toBe('(727) 555-0101');
  });

  it("makes the estimate the caller's own, whatever customerId they send", async () => {
    const res = await create(submission(await upload(alice), { customerId: bob.user.id }), alice);
    expect(res.statusCode).toBe(201);
    expect(res.json().estimate.userId).toBe(alice.user.id);
  });

  it('answers 401 to anonymous callers, before looking at the body', async () => {
    expect((await create(submission([]))).statusCode).toBe(401);
    expect((await create({ nonsense: true })).statusCode).toBe(401);
  });
});

describe('POST /api/estimates/batch-create by the shop', () => {
  it('creates the estimate for the customer it picked, with photos the shop uploaded', async () => {
    const urls = await upload(admin, 2);
    const res = await create(submission(urls, { customerId: bob.user.id, email: '' }), admin);
    expect(res.statusCode).toBe(201);
    expect(res.json().estimate).toMatchObject({ userId: bob.user.id, photos: urls });
    const mine = await t.app.inject({ method: 'GET', url: '/api/estimates', headers: as(bob) });
    expect(mine.json().map((e: { id: string }) => e.id)).toContain(res.json().estimate.id);
  });

  it('refuses a customerId that is unknown or a shop account', async () => {
    for (const customerId of [crypto.randomUUID(), admin.user.id]) {
      const res = await create(submission(await upload(admin), { customerId }), admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: CUSTOMER_NOT_FOUND });
    }
    const malformed = await create(submission(await upload(admin), { customerId: 'bob' }), admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: CUSTOMER_NOT_FOUND });
  });

  it('creates a new customer (no password yet) from the e-mail when none was picked', async () => {
    const before = await rowCounts();
    const res = await create(
      submission(await upload(admin), { email: 'New.Customer@Example.com', phone: '(352) 555-0123' }),
      admin,
    );
    expect(res.statusCode).toBe(201);
    const [customer] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, res.json().estimate.userId));
    expect(customer).toMatchObject({
      email: 'new.customer@example.com',
      phone: '(352) 555-0123',
      passwordHash: null,
      isAdmin: false,
    });
    expect((await rowCounts()).users).toBe((before.users ?? 0) + 1);
  });

  it('uses the existing customer with that e-mail, whatever its case', async () => {
    const before = await rowCounts();
    const res = await create(submission(await upload(admin), { email: 'BOB@example.com' }), admin);
    expect(res.statusCode).toBe(201);
    expect(res.json().estimate.userId).toBe(bob.user.id);
    expect((await rowCounts()).users).toBe(before.users);
  });

  it("needs the customer's e-mail when no customer was picked, and refuses a shop account's", async () => {
    const before = await rowCounts();
    const missing = await create(submission(await upload(admin), { email: '' }), admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: NEW_CUSTOMER_EMAIL_REQUIRED });
    const shop = await create(submission(await upload(admin), { email: 'shop@example.com' }), admin);
    expect(shop.statusCode).toBe(400);
    expect(shop.json()).toEqual({ message: EMAIL_IS_A_SHOP_ACCOUNT });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('POST /api/estimates/batch-create: photos and all-or-nothing', () => {
  it('refuses photos the caller did not upload, and stores nothing', async () => {
    const before = await rowCounts();
    const bobs = await upload(bob);
    const res = await create(submission([...(await upload(alice)), ...bobs]), alice);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NOT_YOUR_PHOTOS });
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a photo already on an estimate (no moving photos between estimates)', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    const linked = await createUploadedPhoto(t.database.db, {
      uploaderId: alice.user.id,
      estimateId: estimate.id,
    });
    const before = await rowCounts();
    const res = await create(submission([photoUrl(linked.id)]), alice);
    expect(res.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
    const [row] = await t.database.db.select().from(photos).where(eq(photos.id, linked.id));
    expect(row?.estimateId).toBe(estimate.id);
  });

  it('rolls everything back when a photo is claimed by a concurrent request before it is linked', async () => {
    const urls = await upload(alice, 2);
    const elsewhere = await createEstimate(t.database.db, { userId: alice.user.id });
    race.afterCheck = async ([, second]) => {
      // The other request wins the second photo between the upload check and our transaction.
      await t.database.db
        .update(photos)
        .set({ estimateId: elsewhere.id })
        .where(eq(photos.id, second ?? ''));
    };
    const before = await rowCounts();
    const res = await create(submission(urls), alice);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PHOTOS_ALREADY_ATTACHED });
    // Neither vehicle nor estimate is left behind, and the first photo is still free.
    expect(await rowCounts()).toEqual(before);
    const orphans = await t.database.db
      .select({ n: count() })
      .from(vehicles)
      .where(sql`not exists (select 1 from ${estimates} where ${estimates.vehicleId} = ${vehicles.id})`);
    expect(orphans[0]?.n).toBe(0);
    const [first] = await t.database.db
      .select()
      .from(photos)
      .where(eq(photos.id, urls[0]?.split('/').pop() ?? ''));
    expect(first?.estimateId).toBeNull();
  });

  it('rolls back the new customer too when the shop’s submission fails', async () => {
    const urls = await upload(admin);
    race.afterCheck = async ([id]) => {
      const other = await createEstimate(t.database.db, { userId: bob.user.id });
      await t.database.db
        .update(photos)
        .set({ estimateId: other.id })
        .where(eq(photos.id, id ?? ''));
    };
    const before = await rowCounts();
    const res = await create(submission(urls, { email: 'ghost@example.com' }), admin);
    expect(res.statusCode).toBe(409);
    const after = await rowCounts();
    expect(after.users).toBe(before.users);
    expect(after.vehicles).toBe(before.vehicles);
    expect(after.estimates).toBe((before.estimates ?? 0) + 1); // only the claiming request's estimate
  });
});

describe('POST /api/estimates/batch-create: validation with the spec messages', () => {
  const message = async (payload: unknown) => {
    const res = await create(payload, alice);
    expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    return res.json().message as string;
  };

  it('names what is missing', async () => {
    const urls = await upload(alice);
    const base = submission(urls);
    expect(await message({ ...base, vehicleInfo: { ...base.vehicleInfo, make: ' ' } })).toBe(
      MISSING_VEHICLE_INFO,
    );
    expect(await message({ ...base, vehicleInfo: { ...base.vehicleInfo, licensePlate: '' } })).toBe(
      MISSING_VEHICLE_INFO,
    );
    const { vehicleInfo: _omitted, ...withoutVehicle } = base;
    expect(await message(withoutVehicle)).toBe(MISSING_VEHICLE_INFO);
    expect(await message({ ...base, vinNumber: '' })).toBe(MISSING_VIN_OR_ODOMETER);
    expect(await message({ ...base, odometerReading: '' })).toBe(MISSING_VIN_OR_ODOMETER);
    expect(await message({ ...base, photos: [] })).toBe(MISSING_OVERVIEW_PHOTO);
    expect(await message({ ...base, vehicleInfo: { ...base.vehicleInfo, year: 'abcd' } })).toBe(
      'Please enter a valid vehicle year.',
    );
    expect(await message({ ...base, odometerReading: 'lots' })).toBe(
      'Please enter the odometer reading in whole miles.',
    );
    expect(await message({ ...base, email: 'not-an-email' })).toBe('Please enter a valid email address');
    expect(await message({ ...base, estimateType: 'barter' })).toBe(
      'Estimate type must be cash or insurance',
    );
  });

  it('refuses a VIN that is not one: 12 characters, or a wrong check digit (issue 35)', async () => {
    const base = submission(await upload(alice));
    expect(await message({ ...base, vinNumber: '5NMS33AD1KH0' })).toBe(VIN_WRONG_LENGTH);
    expect(await message({ ...base, vinNumber: '1HGCM82643A004352' })).toBe(VIN_BAD_CHECK_DIGIT);
    expect(await message({ ...base, vinNumber: '1HGCM82633AO04352' })).toBe(VIN_BAD_CHARACTERS);
  });

  it('refuses unknown keys, wrong types and oversized text', async () => {
    const base = submission(await upload(alice));
    expect(await message({ ...base, isAdmin: true })).toMatch(/Unrecognized key/);
    expect(await message({ ...base, vehicleInfo: { ...base.vehicleInfo, color: 'red' } })).toMatch(
      /Unrecognized key/,
    );
    expect(await message({ ...base, photos: 'x' })).toBe(MISSING_OVERVIEW_PHOTO);
    expect(await message({ ...base, vinNumber: 17 })).toBe(MISSING_VIN_OR_ODOMETER);
    expect(await message({ ...base, workDescription: 'x'.repeat(5001) })).toBe(
      'Must be at most 5000 characters',
    );
    expect(await message({ ...base, vehicleInfo: { ...base.vehicleInfo, make: 'x'.repeat(51) } })).toBe(
      'Must be at most 50 characters',
    );
  });
});
