import { describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { payments } from '#server/db/schema.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);

describe("the payment summary's payments", () => {
  it('carry their ids: two of the same amount at the same time stay two (the desk keys its list by them)', async () => {
    const { db } = t.database;
    const estimate = await createEstimate(db, {
      userId: alice.user.id,
      status: 'completed',
      estimatedAmount: '1000.00',
    });
    const paidAt = new Date('2026-03-04T16:00:00Z');
    const inserted = await db
      .insert(payments)
      .values(
        ['cash-1', 'cash-2'].map((intent) => ({
          estimateId: estimate.id,
          userId: alice.user.id,
          provider: 'recorded',
          providerIntentId: `${estimate.id}-${intent}`,
          amountCents: 10_000,
          status: 'succeeded' as const,
          method: 'cash' as const,
          recordedBy: admin.user.id,
          paidAt,
        })),
      )
      .returning({ id: payments.id });

    for (const reader of [alice, admin]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/estimates/${estimate.id}/payment-summary`,
        headers: as(reader),
      });
      expect(res.statusCode).toBe(200);
      const listed = (res.json() as { payments: { id: string; amount: string; at: string }[] }).payments;
      expect(listed.map((payment) => [payment.amount, payment.at])).toEqual([
        ['100.00', paidAt.toISOString()],
        ['100.00', paidAt.toISOString()],
      ]);
      expect(listed.map((payment) => payment.id).sort()).toEqual(inserted.map((row) => row.id).sort());
    }
  });
});
