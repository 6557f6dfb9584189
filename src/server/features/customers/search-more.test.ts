import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SEARCH_MORE_HEADER } from '#domain/customers.ts';
import { createUser } from '#server/db/factories.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { CUSTOMER_SEARCH_LIMIT } from './service.ts';

const t = setUpTestShop();
const { admin } = setUpCast(t);
beforeAll(async () => {
  const { db } = t.database;
  // One more than a search lists under one name, exactly as many under the other.
  for (let i = 0; i <= CUSTOMER_SEARCH_LIMIT; i++) {
    await createUser(db, { email: `over${i}@over.example`, firstName: `F${i}`, lastName: 'Over' });
  }
  for (let i = 0; i < CUSTOMER_SEARCH_LIMIT; i++) {
    await createUser(db, { email: `even${i}@even.example`, firstName: `F${i}`, lastName: 'Even' });
  }
});

const search = (q: string) =>
  t.app.inject({ method: 'GET', url: `/api/customers?q=${encodeURIComponent(q)}`, headers: as(admin) });

describe('GET /api/customers?q= when more match than it lists', () => {
  it(`lists ${CUSTOMER_SEARCH_LIMIT}, still a bare list, and says in a header that more matched`, async () => {
    const res = await search('over.example');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.json()).toHaveLength(CUSTOMER_SEARCH_LIMIT);
    expect(res.headers[CUSTOMER_SEARCH_MORE_HEADER]).toBe('true');
  });

  it(`says no more when exactly ${CUSTOMER_SEARCH_LIMIT} match, or fewer`, async () => {
    const even = await search('even.example');
    expect(even.json()).toHaveLength(CUSTOMER_SEARCH_LIMIT);
    expect(even.headers[CUSTOMER_SEARCH_MORE_HEADER]).toBe('false');
    const one = await search('over20@');
    expect(one.json()).toHaveLength(1);
    expect(one.headers[CUSTOMER_SEARCH_MORE_HEADER]).toBe('false');
  });
});
