import { describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { setUpTestShop, type TestShop } from '#server/test-support/test-shop.ts';
import { PDF_LIMITS } from './routes.ts';

/** An estimate nobody has: answered 404 at once, yet counted like any PDF asked for. */
const MISSING = '00000000-0000-4000-8000-000000000000';

const download = (t: TestShop, id: string, person: Person, kind = 'estimate') =>
  t.app.inject({ method: 'GET', url: `/api/estimates/${id}/${kind}.pdf`, headers: as(person) });

/** Uses up `count` of the person's allowance without drawing a PDF (the count comes before the lookup). */
async function spend(t: TestShop, person: Person, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    expect((await download(t, MISSING, person, i % 2 ? 'invoice' : 'estimate')).statusCode).toBe(404);
  }
}

describe('security: PDFs are rate limited per user', () => {
  const t = setUpTestShop();

  it(`gives a customer ${PDF_LIMITS.customer.max} PDFs in ${PDF_LIMITS.customer.windowSeconds / 60} minutes, then 429 with Retry-After`, async () => {
    const customer = await createPerson(t, { email: 'reprints@example.com' });
    const estimate = await createEstimate(t.database.db, {
      userId: customer.user.id,
      status: 'quoted',
      estimatedAmount: '500.00',
    });
    await spend(t, customer, PDF_LIMITS.customer.max - 1);
    expect((await download(t, estimate.id, customer)).statusCode).toBe(200);
    const refused = await download(t, estimate.id, customer);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      message:
        'You have opened too many estimates and invoices (PDF) in the last few minutes. Please wait 10 minutes and try again.',
    });
    // Each account has its own allowance: the shop still prints this customer's estimate.
    const shop = await createPerson(t, { email: 'printer@example.com', isAdmin: true });
    expect((await download(t, estimate.id, shop)).statusCode).toBe(200);
  });

  it(`gives the shop's staff ${PDF_LIMITS.shop.max}, well above a customer's, then 429`, async () => {
    expect(PDF_LIMITS.shop.max).toBeGreaterThan(PDF_LIMITS.customer.max);
    const shop = await createPerson(t, { email: 'busy-desk@example.com', isAdmin: true });
    await spend(t, shop, PDF_LIMITS.shop.max);
    const refused = await download(t, MISSING, shop);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
  });
});

describe('RATE_LIMIT_SCALE', () => {
  const t = setUpTestShop({ rateLimitScale: 2 });

  it("multiplies a customer's PDF allowance", async () => {
    const customer = await createPerson(t, { email: 'scaled-pdf@example.com' });
    await spend(t, customer, PDF_LIMITS.customer.max * 2);
    expect((await download(t, MISSING, customer)).statusCode).toBe(429);
  });
});
