import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { outbox } from '#server/db/schema.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { setUpTestShop, type TestShop } from '#server/test-support/test-shop.ts';
import { MESSAGE_LIMITS } from './service.ts';

const send = (t: TestShop, estimateId: string, person: Person, content: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/estimates/${estimateId}/messages`,
    headers: as(person),
    payload: { content },
  });

/** Posts `count` messages, each expected to be accepted. */
async function post(t: TestShop, estimateId: string, person: Person, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await send(t, estimateId, person, `message ${i}`);
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('message allowance of the shop', () => {
  const t = setUpTestShop();

  it(`is ${MESSAGE_LIMITS.shop.max} in ${MESSAGE_LIMITS.shop.windowSeconds / 60} minutes, well above a customer's`, async () => {
    expect(MESSAGE_LIMITS.shop.windowSeconds).toBe(MESSAGE_LIMITS.customer.windowSeconds);
    expect(MESSAGE_LIMITS.shop.max).toBeGreaterThan(MESSAGE_LIMITS.customer.max);
    const shop = await createPerson(t, { email: 'front-desk@example.com', isAdmin: true });
    const customer = await createPerson(t, { email: 'many-questions@example.com' });
    const estimate = await createEstimate(t.database.db, { userId: customer.user.id });
    // Answering many customers in a busy hour: past a customer's allowance without a refusal.
    await post(t, estimate.id, shop, MESSAGE_LIMITS.customer.max + 5);
    // The customer's own allowance is untouched by the shop's messages.
    await post(t, estimate.id, customer, MESSAGE_LIMITS.customer.max);
    const refused = await send(t, estimate.id, customer, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      message: 'You have sent many messages in the last few minutes. Please wait 10 minutes and try again.',
    });
  });
});

describe("security: one customer's messages cannot flood the shop's inbox", () => {
  const t = setUpTestShop();

  it(`e-mails the shop at most ${MESSAGE_LIMITS.customer.max} times in ${MESSAGE_LIMITS.customer.windowSeconds / 60} minutes, however many estimates the messages are spread over`, async () => {
    expect(MESSAGE_LIMITS.customer.max).toBeLessThanOrEqual(10);
    const customer = await createPerson(t, { email: 'flood@example.com' });
    const cars = [
      await createEstimate(t.database.db, { userId: customer.user.id }),
      await createEstimate(t.database.db, { userId: customer.user.id }),
    ];
    for (let i = 0; i < MESSAGE_LIMITS.customer.max; i++) {
      const car = cars[i % 2];
      if (car) await post(t, car.id, customer, 1);
    }
    for (const car of cars) {
      const refused = await send(t, car.id, customer, 'and again');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeTruthy();
    }
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'email'), eq(outbox.topic, 'shop_customer_message')));
    expect(mails).toHaveLength(MESSAGE_LIMITS.customer.max);
  });
});

describe('RATE_LIMIT_SCALE', () => {
  const t = setUpTestShop({ rateLimitScale: 2 });

  it("multiplies a customer's message allowance", async () => {
    const customer = await createPerson(t, { email: 'scaled@example.com' });
    const estimate = await createEstimate(t.database.db, { userId: customer.user.id });
    await post(t, estimate.id, customer, MESSAGE_LIMITS.customer.max * 2);
    expect((await send(t, estimate.id, customer, 'one too many')).statusCode).toBe(429);
  });
});
