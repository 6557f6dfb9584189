import { beforeAll, describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/** GET /api/estimates?page=&pageSize=: a customer's whole history, a page at a time. */

/** Alice's 12 estimate ids, newest first. */
let aliceIds: string[];
/** Two estimates created at the very same moment: the id decides their order. */
let tiedIds: string[];

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);
beforeAll(async () => {
  const { db } = t.database;
  const created = [];
  for (let day = 1; day <= 10; day++) {
    created.push(
      await createEstimate(db, {
        userId: alice.user.id,
        createdAt: new Date(`2026-01-${String(day).padStart(2, '0')}T10:00:00Z`),
      }),
    );
  }
  const sameMoment = new Date('2025-12-31T10:00:00Z');
  const tied = [
    await createEstimate(db, { userId: alice.user.id, createdAt: sameMoment }),
    await createEstimate(db, { userId: alice.user.id, createdAt: sameMoment }),
  ];
  tiedIds = tied
    .map((estimate) => estimate.id)
    .sort()
    .reverse();
  aliceIds = [...created.reverse().map((estimate) => estimate.id), ...tiedIds];
  await createEstimate(db, { userId: bob.user.id });
});

const get = (url: string, person: Person | null = alice, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...as(person ?? undefined), ...headers } });
const ids = (body: { items: { id: string }[] }) => body.items.map((estimate) => estimate.id);

describe('GET /api/estimates without paging', () => {
  it('is still the plain array of every estimate (the spec contract)', async () => {
    const res = await get('/api/estimates');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((estimate: { id: string }) => estimate.id)).toEqual(aliceIds);
  });
});

describe('GET /api/estimates?page=&pageSize=', () => {
  it('pages through the whole history, newest first, with the total', async () => {
    const first = (await get('/api/estimates?page=1&pageSize=5')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 5, total: 12 });
    const second = (await get('/api/estimates?page=2&pageSize=5')).json();
    const third = (await get('/api/estimates?page=3&pageSize=5')).json();
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(aliceIds);
    expect(ids(third)).toHaveLength(2);
    // Equal creation times never make a row appear twice or not at all.
    expect(ids(third)).toEqual(tiedIds);
  });

  it('has 10 per page when no size is given, and page 1 when no page is given', async () => {
    expect((await get('/api/estimates?page=2')).json()).toMatchObject({ page: 2, pageSize: 10, total: 12 });
    expect(ids((await get('/api/estimates?page=2')).json())).toEqual(aliceIds.slice(10));
    const byLimit = (await get('/api/estimates?pageSize=3')).json();
    expect(byLimit).toMatchObject({ page: 1, pageSize: 3, total: 12 });
    expect(ids(byLimit)).toEqual(aliceIds.slice(0, 3));
  });

  it('answers an empty page past the end, still with the total', async () => {
    const res = await get('/api/estimates?page=9&pageSize=5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], page: 9, pageSize: 5, total: 12 });
  });

  it("counts only the caller's own estimates; the shop pages through every one", async () => {
    const bobs = (await get('/api/estimates?page=1', bob)).json();
    expect(bobs.total).toBe(1);
    expect(ids(bobs)).not.toContain(aliceIds[0]);
    expect((await get('/api/estimates?page=1&pageSize=50', admin)).json().total).toBe(13);
  });

  it('refuses a page or size that is not a whole number in range, with a clear message', async () => {
    for (const [query, message] of [
      ['page=0', 'page must be a whole number of 1 or more'],
      ['page=-1', 'page must be a whole number of 1 or more'],
      ['page=two', 'page must be a whole number of 1 or more'],
      ['page=1.5', 'page must be a whole number of 1 or more'],
      ['page=1&page=2', 'page must be a whole number of 1 or more'],
      ['page=1000001', 'page is too large'],
      ['pageSize=0', 'pageSize must be a whole number from 1 to 50'],
      ['pageSize=51', 'pageSize must be a whole number from 1 to 50'],
      ['pageSize=', 'pageSize must be a whole number from 1 to 50'],
    ]) {
      const res = await get(`/api/estimates?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ message });
    }
  });

  it('needs a signed-in user', async () => {
    expect((await get('/api/estimates?page=1', null)).statusCode).toBe(401);
  });

  it('has an ETag of its own per page, and answers 304 while nothing changed', async () => {
    const whole = await get('/api/estimates');
    const pageOne = await get('/api/estimates?page=1&pageSize=5');
    const pageTwo = await get('/api/estimates?page=2&pageSize=5');
    const tags = [whole, pageOne, pageTwo].map((res) => res.headers.etag);
    expect(new Set(tags).size).toBe(3);
    const again = await get('/api/estimates?page=2&pageSize=5', alice, {
      'if-none-match': String(pageTwo.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // The tag of another page is not this page's.
    const other = await get('/api/estimates?page=1&pageSize=5', alice, {
      'if-none-match': String(pageTwo.headers.etag),
    });
    expect(other.statusCode).toBe(200);
  });
});
