import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BatchCreateEstimateInput } from '#domain/estimate-requests.ts';
import { NEW_CUSTOMER_NAME_REQUIRED } from '#domain/estimate-requests.ts';
import { photoUrl } from '#domain/photos.ts';
import { createUploadedPhoto } from '#server/db/factories.ts';
import { estimates, passwordTokens, users } from '#server/db/schema.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import {
  CUSTOMER_ID_OR_NEW_CUSTOMER,
  EMAIL_IS_A_SHOP_ACCOUNT,
  emailAlreadyACustomer,
  NEW_CUSTOMER_SHOP_ONLY,
} from './estimate-owner.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

const create = (payload: unknown, person?: Person) =>
  t.app.inject({
    method: 'POST',
    url: '/api/estimates/batch-create',
    headers: as(person),
    payload: payload as object,
  });

async function upload(person: Person): Promise<string> {
  return photoUrl((await createUploadedPhoto(t.database.db, { uploaderId: person.user.id })).id);
}

const walkIn = async (
  customer: Record<string, unknown>,
  extra: Partial<BatchCreateEstimateInput> = {},
  person: Person = admin,
) =>
  create(
    {
      vehicleInfo: { year: '2020', make: 'Honda', model: 'Civic', licensePlate: 'wlk 100' },
      photos: [await upload(person)],
      vinNumber: '2HGFC2F59LH000001',
      odometerReading: '31000',
      workDescription: 'Scraped the front bumper on a post.',
      customer,
      ...extra,
    },
    person,
  );

const maria = (email: string) => ({
  firstName: 'Maria',
  lastName: 'Lopez',
  email,
  phone: '(813) 555-0142',
});

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n;

describe('POST /api/estimates/batch-create with a walk-in customer', () => {
  it('creates the customer by name, without a password, and the estimate for them', async () => {
    const res = await walkIn(maria('Maria.Lopez@Example.com'));
    expect(res.statusCode, res.body).toBe(201);
    const { estimate } = res.json();
    const [customer] = await t.database.db.select().from(users).where(eq(users.id, estimate.userId));
    expect(customer).toMatchObject({
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria.lopez@example.com',
      phone: '(813) 555-0142',
      language: 'en',
      passwordHash: null,
      isAdmin: false,
    });
    const [row] = await t.database.db.select().from(estimates).where(eq(estimates.id, estimate.id));
    expect(row).toMatchObject({ contactEmail: 'maria.lopez@example.com', contactPhone: '(813) 555-0142' });
    // The shop's list names her (the dashboard shows the name, not the e-mail).
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/estimates?customerId=${customer?.id}`,
      headers: as(admin),
    });
    expect(list.json().items[0].customer).toMatchObject({ name: 'Maria Lopez' });
  });

  it('welcomes her by name, in her language, with a password link that lands on the estimate', async () => {
    const res = await walkIn({ ...maria('rosa@example.com'), firstName: 'Rosa', language: 'es' });
    expect(res.statusCode, res.body).toBe(201);
    const { estimate } = res.json();
    const mails = await queuedEmails(t.database.db, estimate.id);
    // The welcome replaces the request confirmation; the shop entered it, so no shop alert either.
    expect(mails.map((mail) => mail.topic)).toEqual(['welcome']);
    const [mail] = mails;
    expect(mail?.payload.to).toBe('rosa@example.com');
    expect(mail?.payload.subject).toContain('Bienvenido');
    expect(mail?.payload.text).toContain('Hola, Rosa:');
    const link = /http:\/\/localhost:5000\/auth\?token=([A-Za-z0-9_-]+)&next=([^\s"]+)/.exec(
      mail?.payload.text ?? '',
    );
    expect(link, mail?.payload.text).not.toBeNull();
    expect(decodeURIComponent(link?.[2] ?? '')).toBe(`/estimate/${estimate.id}`);
    expect(mail?.payload.html).toContain(`/auth?token=${link?.[1]}&amp;next=`);

    // The link lasts days, not the hour of a "forgot password" link.
    const [token] = await t.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, estimate.userId));
    expect((token?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(6 * 24 * 60 * 60 * 1000);

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/password/set',
      payload: { token: link?.[1], password: 'rosa-secret-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ firstName: 'Rosa', language: 'es' });
    const cookie = String(set.headers['set-cookie']).split(';')[0] ?? '';
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/estimates/${estimate.id}`,
      headers: { cookie },
    });
    expect(page.statusCode).toBe(200);
  });

  it('refuses an e-mail that already has an account with 409 naming the customer, creating nothing', async () => {
    const before = await userCount();
    const res = await walkIn(maria('ALICE@example.com'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: emailAlreadyACustomer('alice@example.com', alice.user) });
    expect(res.json().message).toContain('Alice');
    const shop = await walkIn(maria('shop@example.com'));
    expect(shop.statusCode).toBe(409);
    expect(shop.json()).toEqual({ message: EMAIL_IS_A_SHOP_ACCOUNT });
    expect(await userCount()).toBe(before);
  });

  it('needs a first and last name and a valid e-mail', async () => {
    for (const customer of [
      { ...maria('a@example.com'), firstName: '' },
      { ...maria('a@example.com'), lastName: '   ' },
      { lastName: 'Lopez', email: 'a@example.com' },
    ]) {
      const res = await walkIn(customer);
      expect(res.statusCode, JSON.stringify(customer)).toBe(400);
      expect(res.json()).toEqual({ message: NEW_CUSTOMER_NAME_REQUIRED });
    }
    for (const customer of [
      { ...maria('not-an-address') },
      { ...maria('a@example.com'), language: 'fr' },
      { ...maria('a@example.com'), nickname: 'M' },
    ]) {
      const res = await walkIn(customer);
      expect(res.statusCode, JSON.stringify(customer)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('takes either a customerId or a new customer, not both', async () => {
    const res = await walkIn(maria('both@example.com'), { customerId: alice.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CUSTOMER_ID_OR_NEW_CUSTOMER });
  });

  it('is for the shop only: a customer sending a new customer gets 403 and nothing is stored', async () => {
    const before = await userCount();
    const res = await walkIn(maria('friend@example.com'), {}, alice);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: NEW_CUSTOMER_SHOP_ONLY });
    expect(await userCount()).toBe(before);
  });

  it('welcomes a customer the shop creates from the e-mail alone (the older form), by no name', async () => {
    const res = await create(
      {
        vehicleInfo: { year: '2016', make: 'Kia', model: 'Soul', licensePlate: 'OLD1' },
        photos: [await upload(admin)],
        vinNumber: 'KNDJN2A27G7000001',
        odometerReading: '90000',
        email: 'older.form@example.com',
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(201);
    const mails = await queuedEmails(t.database.db, res.json().estimate.id);
    expect(mails.map((mail) => mail.topic)).toEqual(['welcome']);
    expect(mails[0]?.payload.text).toContain('Hello,');
    // A known customer picked by the shop gets the usual confirmation.
    const known = await create(
      {
        vehicleInfo: { year: '2016', make: 'Kia', model: 'Soul', licensePlate: 'OLD1' },
        photos: [await upload(admin)],
        vinNumber: 'KNDJN2A27G7000001',
        odometerReading: '90500',
        email: 'older.form@example.com',
      },
      admin,
    );
    // She never set her password: the next estimate brings a fresh link to set it.
    const again = await queuedEmails(t.database.db, known.json().estimate.id);
    expect(again.map((mail) => mail.topic)).toEqual(['welcome']);
    expect(again[0]?.payload.text).toContain('in the account of this e-mail address');
    // A customer with a password of her own, shown to read her mail, gets the usual confirmation.
    const established = await create(
      {
        vehicleInfo: { year: '2016', make: 'Kia', model: 'Soul', licensePlate: 'OLD2' },
        photos: [await upload(admin)],
        vinNumber: 'KNDJN2A27G7000001',
        odometerReading: '1000',
        customerId: alice.user.id,
      },
      admin,
    );
    const usual = await queuedEmails(t.database.db, established.json().estimate.id);
    expect(usual.map((mail) => mail.topic)).toEqual(['estimate_received']);
  });
});

describe("someone registering another person's e-mail first (decision 082)", () => {
  const estimateFor = async (body: Record<string, unknown>) =>
    create(
      {
        vehicleInfo: { year: '2021', make: 'Ford', model: 'Escape', licensePlate: 'VIC 21' },
        photos: [await upload(admin)],
        vinNumber: '2HGFC2F59LH000001',
        odometerReading: '12000',
        ...body,
      },
      admin,
    );

  it("does not get the shop's estimate for that person: the account is held for its mailbox", async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email: 'victor@example.com',
        password: 'not-victor-1993',
        firstName: 'Victor',
        lastName: 'Im',
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const strangersCookie = String(registered.headers['set-cookie']).split(';')[0] ?? '';
    const [account] = await t.database.db.select().from(users).where(eq(users.email, 'victor@example.com'));

    // The real Victor walks in; the desk picks the account the 409 named.
    const res = await estimateFor({ customerId: account?.id });
    expect(res.statusCode, res.body).toBe(201);
    const { estimate } = res.json();

    // The stranger is signed out and cannot sign in again with the password they chose.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/estimates',
      headers: { cookie: strangersCookie },
    });
    expect(list.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'victor@example.com', password: 'not-victor-1993' },
    });
    expect(login.statusCode).toBe(401);

    // Whoever reads victor@example.com gets the link to set a password, which lands on the estimate.
    const mails = await queuedEmails(t.database.db, estimate.id);
    expect(mails.map((mail) => mail.topic)).toEqual(['welcome']);
    expect(mails[0]?.payload.to).toBe('victor@example.com');
    const token = /auth\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.payload.text ?? '')?.[1];
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/password/set',
      payload: { token, password: 'the-real-victor-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const [confirmed] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.id, account?.id ?? ''));
    expect(confirmed?.emailConfirmedAt).not.toBeNull();

    // From then on the account is his: the next estimate leaves it as it is.
    const cookie = String(set.headers['set-cookie']).split(';')[0] ?? '';
    const next = await estimateFor({ email: 'Victor@Example.com' });
    expect(next.statusCode, next.body).toBe(201);
    expect((await queuedEmails(t.database.db, next.json().estimate.id)).map((mail) => mail.topic)).toEqual([
      'estimate_received',
    ]);
    const own = await t.app.inject({ method: 'GET', url: '/api/estimates', headers: { cookie } });
    expect(own.statusCode).toBe(200);
  });
});
