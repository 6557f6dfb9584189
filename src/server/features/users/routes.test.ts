import { describe, expect, it } from 'vitest';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice, bob, admin } = setUpCast(t);

const get = (id: string, person?: Person) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: as(person) });

describe('GET /api/users/{id}', () => {
  it('gives users their own public fields, and nothing more', async () => {
    const res = await get(alice.user.id, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: alice.user.id,
      email: 'alice@example.com',
      firstName: 'Alice',
      lastName: 'Adams',
      phone: null,
      language: 'en',
      isAdmin: false,
    });
  });

  it('lets the shop read any user', async () => {
    expect((await get(bob.user.id, admin)).json()).toMatchObject({
      id: bob.user.id,
      email: 'bob@example.com',
    });
  });

  it('answers another user, a missing user and a malformed id with the same 404', async () => {
    const other = await get(bob.user.id, alice);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'User not found' });
    expect((await get(admin.user.id, alice)).json()).toEqual(other.json());
    expect((await get(crypto.randomUUID(), admin)).json()).toEqual(other.json());
    expect((await get('me', alice)).statusCode).toBe(404);
  });

  it('answers anonymous callers with 401', async () => {
    expect((await get(alice.user.id)).statusCode).toBe(401);
  });
});
