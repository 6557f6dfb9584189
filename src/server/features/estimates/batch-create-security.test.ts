import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BatchCreateEstimateInput } from '#domain/estimate-requests.ts';
import { photoUrl } from '#domain/photos.ts';
import { createUploadedPhoto } from '#server/db/factories.ts';
import { estimates } from '#server/db/schema.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop, type TestShop } from '#server/test-support/test-shop.ts';
import { ESTIMATE_CREATE_LIMITS } from './batch-create.ts';

const create = (t: TestShop, person: Person, extra: Partial<BatchCreateEstimateInput> = {}) =>
  createUploadedPhoto(t.database.db, { uploaderId: person.user.id }).then((photo) =>
    t.app.inject({
      method: 'POST',
      url: '/api/estimates/batch-create',
      headers: as(person),
      payload: {
        vehicleInfo: { year: '2019', make: 'Toyota', model: 'Camry', licensePlate: 'ABC123' },
        photos: [photoUrl(photo.id)],
        vinNumber: '4T1B11HKXKU000001',
        odometerReading: '42000',
        email: person.user.email,
        phone: '(813) 555-0100',
        insuranceCompany: '',
        workDescription: 'Rear bumper cracked.',
        estimateType: 'cash',
        ...extra,
      } satisfies BatchCreateEstimateInput,
    }),
  );

async function contactEmailOf(t: TestShop, estimateId: string): Promise<string | null | undefined> {
  const [row] = await t.database.db
    .select({ contactEmail: estimates.contactEmail })
    .from(estimates)
    .where(eq(estimates.id, estimateId));
  return row?.contactEmail;
}

describe('security: a customer cannot make the shop e-mail any address', () => {
  const t = setUpTestShop();
  const { alice, bob, admin } = setUpCast(t);

  it("sends a customer's estimate mail to their account's e-mail, whatever e-mail the form carried", async () => {
    const res = await create(t, alice, { email: 'Victim@Elsewhere.example' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().estimate.id as string;
    expect(await contactEmailOf(t, id)).toBe('alice@example.com');
    const mails = await queuedEmails(t.database.db, id);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(JSON.stringify(mail.payload)).not.toContain('elsewhere.example');
    }
    const toCustomer = mails.find((mail) => mail.topic === 'estimate_received');
    expect(toCustomer?.payload.to).toBe('alice@example.com');
    const toShop = mails.find((mail) => mail.topic === 'shop_new_estimate');
    expect(toShop?.payload.replyTo).toBe('alice@example.com');
  });

  it('lets the shop give a customer it picked another contact address', async () => {
    const res = await create(t, admin, { customerId: bob.user.id, email: 'Bob.Work@Example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().estimate.id as string;
    expect(res.json().estimate.userId).toBe(bob.user.id);
    expect(await contactEmailOf(t, id)).toBe('bob.work@example.com');
    const [toCustomer] = await queuedEmails(t.database.db, id);
    expect(toCustomer?.payload.to).toBe('bob.work@example.com');
  });

  it("uses the picked customer's account e-mail when the shop gives none", async () => {
    const res = await create(t, admin, { customerId: bob.user.id, email: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await contactEmailOf(t, res.json().estimate.id)).toBe('bob@example.com');
  });
});

describe('security: estimate creation is limited per account', () => {
  const t = setUpTestShop();

  it(`lets a customer create ${ESTIMATE_CREATE_LIMITS.customer.max} an hour, then answers 429 with a clear message`, async () => {
    expect(ESTIMATE_CREATE_LIMITS.customer).toMatchObject({ max: 10, windowSeconds: 3600 });
    const carol = await createPerson(t, { email: 'carol@example.com' });
    for (let i = 0; i < ESTIMATE_CREATE_LIMITS.customer.max; i++) {
      expect((await create(t, carol)).statusCode).toBe(201);
    }
    const refused = await create(t, carol);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      message:
        'You have sent too many estimate requests in the last hour. Please wait 60 minutes and try again.',
    });
    // Nothing was stored for the refused request.
    const carols = await t.database.db.select().from(estimates).where(eq(estimates.userId, carol.user.id));
    expect(carols).toHaveLength(ESTIMATE_CREATE_LIMITS.customer.max);
    // Another customer is not affected.
    const dave = await createPerson(t, { email: 'dave@example.com' });
    expect((await create(t, dave)).statusCode).toBe(201);
  });

  it("gives the shop's staff a much higher allowance", async () => {
    expect(ESTIMATE_CREATE_LIMITS.shop.max).toBeGreaterThanOrEqual(10 * ESTIMATE_CREATE_LIMITS.customer.max);
    const shop = await createPerson(t, { email: 'desk@example.com', isAdmin: true });
    const erin = await createPerson(t, { email: 'erin@example.com' });
    for (let i = 0; i < ESTIMATE_CREATE_LIMITS.customer.max + 2; i++) {
      expect((await create(t, shop, { customerId: erin.user.id, email: '' })).statusCode).toBe(201);
    }
  });
});

describe('security: the estimate creation limit scales with RATE_LIMIT_SCALE', () => {
  const t = setUpTestShop({ rateLimitScale: 2 });

  it("multiplies a customer's allowance", async () => {
    const frank = await createPerson(t, { email: 'frank@example.com' });
    for (let i = 0; i < ESTIMATE_CREATE_LIMITS.customer.max * 2; i++) {
      expect((await create(t, frank)).statusCode).toBe(201);
    }
    expect((await create(t, frank)).statusCode).toBe(429);
  });
});
