import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { paymentSummarySchema } from '#domain/payments.ts';
import { buildApp } from '#server/app.ts';
import { createEstimate } from '#server/db/factories.ts';
import { estimates, outbox } from '#server/db/schema.ts';
import { testConfig } from '#server/test-support/app.ts';
import { pdfText } from '#server/test-support/pdf.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

// The storage charge a ready notice fixes is the one the written estimate stated (F.S. 559.905(1)(n),
// decision 072 as amended 3 Dec 2026), whatever SHOP_STORAGE_DAILY_RATE says by the time the car is done.
const t = setUpTestShop();
const { alice, admin } = setUpCast(t);
const db = () => t.db;

/**
 * The same shop (its database and people) running with SHOP_STORAGE_DAILY_RATE at `rate` (null: unset)
 * for what `act` does: the shop changing its setting between the quote and the completion.
 */
async function withRate(rate: string | null, act: (app: FastifyInstance) => Promise<unknown>): Promise<void> {
  const app = await buildApp({
    config: testConfig({ shop: { ...testConfig().shop, storageDailyRate: rate } }),
    database: t.database,
  });
  try {
    await act(app);
  } finally {
    await app.close();
  }
}

async function call(
  app: FastifyInstance,
  person: Person,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) {
  const res = await app.inject({ method, url, headers: as(person), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Alice's $400.00 request, waiting for its quote; she asked for texts. */
async function requested(status: 'pending' | 'in_progress' = 'pending'): Promise<string> {
  const estimate = await createEstimate(db(), { userId: alice.user.id, status, estimatedAmount: '400.00' });
  await db().update(estimates).set({ smsPhone: '+18135550142' }).where(eq(estimates.id, estimate.id));
  return estimate.id;
}

const quote = (app: FastifyInstance, id: string) =>
  call(app, admin, 'POST', `/api/admin/estimates/${id}/quote`, { estimatedAmount: '400.00' });

/** Alice approves the quote online, the car comes in, and the desk finishes the repair. */
async function approvedAndCompleted(app: FastifyInstance, id: string): Promise<void> {
  await call(app, alice, 'PATCH', `/api/estimates/${id}`, { status: 'approved' });
  await completed(app, id);
}

async function completed(app: FastifyInstance, id: string): Promise<void> {
  await call(app, admin, 'POST', `/api/admin/estimates/${id}/status`, { status: 'in_progress' });
  await call(app, admin, 'POST', `/api/admin/estimates/${id}/status`, { status: 'completed' });
}

/** What the ready notice recorded, and what its e-mail and text told Alice. */
async function readyNotice(id: string) {
  const [row] = await db().select().from(estimates).where(eq(estimates.id, id));
  const messages = async (kind: 'email' | 'sms', topic: string) => {
    const rows = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.estimateId, id), eq(outbox.kind, kind), eq(outbox.topic, topic)));
    return JSON.stringify(rows.map((message) => message.payload));
  };
  return {
    row,
    mail: await messages('email', 'repair_completed'),
    // The quote's text and the notice's go out as one text when both are still waiting.
    text: await messages('sms', 'repair_update_text'),
  };
}

const summaryOf = async (app: FastifyInstance, id: string) =>
  paymentSummarySchema.parse((await call(app, alice, 'GET', `/api/estimates/${id}/payment-summary`)).json());

const printed = async (app: FastifyInstance, id: string, kind: 'estimate' | 'invoice') =>
  pdfText((await call(app, alice, 'GET', `/api/estimates/${id}/${kind}.pdf`)).rawPayload);

describe('the storage charge of a ready notice', () => {
  it('is nothing on a car quoted with no storage rate, though the shop set one before the repair was done', async () => {
    const id = await requested();
    await withRate(null, (app) => quote(app, id));
    await withRate('35.00', async (app) => {
      await approvedAndCompleted(app, id);
      const { row, mail, text } = await readyNotice(id);
      expect(row?.readyNotifiedAt).toBeInstanceOf(Date);
      expect(row?.storageRateCents).toBeNull();
      expect(row?.storageFrom).toBeNull();
      expect(mail).toContain('ready for pick-up');
      expect(mail).not.toContain('storage is charged');
      expect(text).not.toContain('Storage');
      const summary = await summaryOf(app, id);
      expect(summary.storage).toBeNull();
      expect(summary.amountDue).toBe('400.00');
      expect(await printed(app, id, 'invoice')).not.toContain('Storage is charged');
      expect((await call(app, alice, 'GET', `/api/estimates/${id}`)).json().storageTerms).toEqual({
        dailyRate: null,
      });
    });
  });

  it('is the $25.00 the estimate stated, though the shop raised its rate to $35.00 before completion', async () => {
    const id = await requested();
    await withRate('25.00', (app) => quote(app, id));
    await withRate('35.00', async (app) => {
      await approvedAndCompleted(app, id);
      const { row, mail, text } = await readyNotice(id);
      expect(row?.storageRateCents).toBe(2500);
      expect(mail).toContain('storage is charged from that day at $25.00 a day');
      expect(mail).not.toContain('$35.00');
      expect(text).toContain('Storage $25.00/day');
      expect((await summaryOf(app, id)).storage).toMatchObject({ days: 0, rate: '25.00', amount: '0.00' });
      // A copy of the written estimate printed now states what it stated then.
      const estimate = await printed(app, id, 'estimate');
      expect(estimate).toContain('Storage is charged at $25.00 a day');
      expect(estimate).not.toContain('$35.00');
    });
  });

  it('is the lower $25.00 when the shop lowered its rate from the $35.00 the estimate stated', async () => {
    const id = await requested();
    await withRate('35.00', (app) => quote(app, id));
    await withRate('25.00', async (app) => {
      await approvedAndCompleted(app, id);
      const { row, mail } = await readyNotice(id);
      expect(row?.storageRateCents).toBe(2500);
      expect(mail).toContain('storage is charged from that day at $25.00 a day');
      // The estimate keeps what it stated; the car is charged the lower rate.
      expect((await call(app, alice, 'GET', `/api/estimates/${id}`)).json().storageTerms).toEqual({
        dailyRate: '35.00',
      });
      expect((await summaryOf(app, id)).storage).toMatchObject({ days: 0, rate: '25.00' });
    });
  });

  it('is the rate configured at completion on an estimate whose terms were never recorded (older ones)', async () => {
    const id = await requested('in_progress');
    await withRate('35.00', async (app) => {
      await call(app, admin, 'POST', `/api/admin/estimates/${id}/status`, { status: 'completed' });
      const { row, mail } = await readyNotice(id);
      expect(row?.storageTermsStatedAt).toBeNull();
      expect(row?.storageRateCents).toBe(3500);
      expect(mail).toContain('storage is charged from that day at $35.00 a day');
    });
  });

  it('is the rate a changed quote stated when it went out again (decision 059)', async () => {
    const id = await requested();
    await withRate(null, (app) => quote(app, id));
    await withRate('25.00', (app) =>
      call(app, admin, 'PATCH', `/api/estimates/${id}`, { estimatedAmount: '450.00' }),
    );
    await withRate('35.00', (app) => approvedAndCompleted(app, id));
    expect((await readyNotice(id)).row?.storageRateCents).toBe(2500);
  });

  it('is the rate shown when the desk recorded an approval given at the counter without a quote', async () => {
    const id = await requested();
    await withRate('25.00', (app) =>
      call(app, admin, 'POST', `/api/admin/estimates/${id}/status`, {
        status: 'approved',
        consent: { method: 'in_person', name: 'Alice Adams' },
      }),
    );
    await withRate('35.00', (app) => completed(app, id));
    expect((await readyNotice(id)).row?.storageRateCents).toBe(2500);
  });
});
