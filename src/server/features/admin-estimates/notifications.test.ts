import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { outbox } from '#server/db/schema.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

const post = (id: string, action: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/estimates/${id}/${action}`, headers: as(admin), payload });
const topicsOf = async (estimateId: string) =>
  (
    await t.database.db
      .select({ topic: outbox.topic })
      .from(outbox)
      .where(eq(outbox.estimateId, estimateId))
      .orderBy(asc(outbox.createdAt))
  ).map((row) => row.topic);

describe('the e-mails the shop actions queue (with the change, in its transaction)', () => {
  it('quote, drop-off and completion each tell the customer', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id });
    expect((await post(estimate.id, 'quote', { estimatedAmount: '800' })).statusCode).toBe(200);
    expect(await topicsOf(estimate.id)).toEqual(['quote_ready']);

    const approved = await t.app.inject({
      method: 'PATCH',
      url: `/api/estimates/${estimate.id}`,
      headers: as(alice),
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    const booking = { date: dayAhead(2), slot: '10:00-12:00', instructions: 'Front lot' };
    expect((await post(estimate.id, 'schedule', booking)).statusCode).toBe(200);
    expect(await topicsOf(estimate.id)).toContain('drop_off_scheduled');

    expect((await post(estimate.id, 'status', { status: 'completed' })).statusCode).toBe(200);
    expect(await topicsOf(estimate.id)).toContain('repair_completed');
  });

  it('a refused action queues nothing', async () => {
    const estimate = await createEstimate(t.database.db, { userId: alice.user.id, status: 'pending' });
    const booking = { date: dayAhead(2), slot: '10:00-12:00', instructions: 'Front lot' };
    expect((await post(estimate.id, 'schedule', booking)).statusCode).toBe(409);
    expect((await post(estimate.id, 'quote', { estimatedAmount: '0' })).statusCode).toBe(400);
    expect(await topicsOf(estimate.id)).toEqual([]);
  });
});
