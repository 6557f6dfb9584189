import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEstimate, createUser, createVehicle } from '../../db/factories.js';
import { createTestApp, sessionCookie, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const alice = await createUser(db, { email: 'alice@example.com', password: 'alice-pass' });
  const bob = await createUser(db, { email: 'bob@example.com', password: 'bob-pass1' });
  await createUser(db, { email: 'admin@example.com', password: 'admin-pass', isAdmin: true });
  const car = await createVehicle(db, alice.id, { make: 'Honda', model: 'Civic', licensePlate: 'AL1CE' });
  await createEstimate(db, { userId: alice.id, vehicleId: car.id, estimatedAmount: '1234.50' });
  await createEstimate(db, { userId: bob.id, status: 'quoted' });
  for (const [who, password] of [
    ['alice', 'alice-pass'],
    ['bob', 'bob-pass1'],
    ['admin', 'admin-pass'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: `${who}@example.com`, password },
    });
    cookies[who] = sessionCookie(res);
  }
});
afterAll(() => t.close());

const list = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/estimates', headers: cookie ? { cookie } : {} });

describe('GET /api/estimates', () => {
  it('needs a signed-in user', async () => {
    expect((await list()).statusCode).toBe(401);
  });

  it('shows a customer only their own estimates, with the vehicle and exact amounts', async () => {
    const alice = (await list(cookies.alice)).json();
    expect(alice).toHaveLength(1);
    expect(alice[0]).toMatchObject({
      status: 'pending',
      estimatedAmount: '1234.50',
      photos: [],
      vehicle: { make: 'Honda', model: 'Civic', licensePlate: 'AL1CE' },
    });
    const bob = (await list(cookies.bob)).json();
    expect(bob).toHaveLength(1);
    expect(bob[0].status).toBe('quoted');
    expect(bob[0].userId).not.toBe(alice[0].userId);
  });

  it('shows an admin every estimate', async () => {
    expect((await list(cookies.admin)).json()).toHaveLength(2);
  });
});
