import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#server/db/factories.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { CUSTOMER_SEARCH_LIMIT } from './service.ts';

const SHORT = 'Please enter at least 2 characters to search for customers';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);
beforeAll(async () => {
  const { db } = t.database;
  await createUser(db, {
    email: 'maria@demo.shop',
    firstName: 'Maria',
    lastName: 'Lopez',
    phone: '(813) 555-0142',
  });
  await createUser(db, {
    email: 'mario@demo.shop',
    firstName: 'Mario',
    lastName: 'Andretti',
    phone: '(727) 555-0178',
  });
  await createUser(db, { email: 'percent_50%@demo.shop', firstName: 'Pat', lastName: 'Zed' });
  await createUser(db, {
    email: 'rick.maria@shop.example',
    firstName: 'Maria',
    lastName: 'Admin',
    isAdmin: true,
  });
});

const search = (q: string | null, person?: Person) =>
  t.app.inject({
    method: 'GET',
    url: q === null ? '/api/customers' : `/api/customers?q=${encodeURIComponent(q)}`,
    headers: as(person),
  });
const emails = async (q: string) => (await search(q, admin)).json().map((c: { email: string }) => c.email);

describe('GET /api/customers?q=', () => {
  it('is for the shop only: 401 anonymous, 403 customers, whatever they send', async () => {
    expect((await search('maria')).statusCode).toBe(401);
    for (const q of ['maria', 'm', null]) {
      const res = await search(q, alice);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('needs at least 2 characters', async () => {
    for (const q of [null, '', 'm', '  m  ']) {
      const res = await search(q, admin);
      expect(res.statusCode, String(q)).toBe(400);
      expect(res.json()).toEqual({ message: SHORT });
    }
    expect((await search('x'.repeat(101), admin)).statusCode).toBe(400);
  });

  it('matches first, last and full name, e-mail and phone, ignoring case; never shop accounts', async () => {
    expect(await emails('MARI')).toEqual(['mario@demo.shop', 'maria@demo.shop']);
    expect(await emails('lopez')).toEqual(['maria@demo.shop']);
    expect(await emails('Maria Lo')).toEqual(['maria@demo.shop']);
    expect(await emails('demo.SHOP')).toHaveLength(3);
    expect(await emails('555-0142')).toEqual(['maria@demo.shop']);
    // However the desk types the number she gave as "(813) 555-0142".
    for (const typed of ['813-555-0142', '8135550142', '813 555 0142', '+1 813 555 0142', '5550142']) {
      expect(await emails(typed), typed).toEqual(['maria@demo.shop']);
    }
    expect(await emails('admin')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(await emails('_5')).toEqual(['percent_50%@demo.shop']);
    expect(await emails('0%')).toEqual(['percent_50%@demo.shop']);
    expect(await emails('%%')).toEqual([]);
  });

  it('sends only the customer fields', async () => {
    const [customer] = (await search('lopez', admin)).json();
    expect(customer).toEqual({
      id: expect.any(String),
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria@demo.shop',
      phone: '(813) 555-0142',
    });
  });

  it(`returns at most ${CUSTOMER_SEARCH_LIMIT}, ordered by last name then first name`, async () => {
    const { db } = t.database;
    for (let i = 0; i < CUSTOMER_SEARCH_LIMIT + 5; i++) {
      await createUser(db, {
        email: `many${i}@bulk.example`,
        firstName: `First${String(i).padStart(2, '0')}`,
        lastName: i % 2 ? 'Bravo' : 'Alpha',
      });
    }
    const found = (await search('bulk.example', admin)).json() as { firstName: string; lastName: string }[];
    expect(found).toHaveLength(CUSTOMER_SEARCH_LIMIT);
    const keys = found.map((c) => `${c.lastName} ${c.firstName}`);
    expect(keys).toEqual([...keys].sort());
    expect(found[0]).toMatchObject({ lastName: 'Alpha', firstName: 'First00' });
  });
});
