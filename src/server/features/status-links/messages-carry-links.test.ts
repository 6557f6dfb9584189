import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SMS_OPT_OUT_LINE, SMS_STATUS_LINK_LABEL, smsBody } from '#domain/text-messages.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { estimates, outbox } from '#server/db/schema.ts';
import { notifyQuoteReady, notifyStageReached } from '#server/features/notifications/shared.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

const APP_URL = 'https://shop.example';

const t = setUpTestShop({ appUrl: APP_URL });
const { alice, admin } = setUpCast(t);

const db = () => t.database.db;
const LINK = new RegExp(`${APP_URL}/status/([A-Za-z0-9_-]+\\.[0-9a-z]+\\.[A-Za-z0-9_-]+)`);

/** The token of the status link in a message, which must open the estimate's page signed out. */
async function followLink(text: string): Promise<string> {
  const token = LINK.exec(text)?.[1];
  expect(token, text).toBeDefined();
  const res = await t.app.inject({ method: 'GET', url: `/api/status/${token}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ firstName: 'Alice' });
  return token ?? '';
}

async function quotedEstimateWithTexts() {
  const vehicle = await createVehicle(db(), alice.user.id);
  const estimate = await createEstimate(db(), {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'quoted',
    estimatedAmount: '640.00',
  });
  await db()
    .update(estimates)
    .set({ smsPhone: '+18135550177', smsOptInAt: new Date(), smsOptInWording: 'yes' })
    .where(eq(estimates.id, estimate.id));
  return estimate;
}

const queued = (estimateId: string, kind: 'email' | 'sms') =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.estimateId, estimateId), eq(outbox.kind, kind)));

describe('every message to the customer about an estimate carries a status link', () => {
  it('in e-mails (text and HTML) and in texts, a working one each', async () => {
    const estimate = await quotedEstimateWithTexts();
    await db().transaction((tx) => notifyQuoteReady(tx, estimate.id));
    const [mail] = await queued(estimate.id, 'email');
    const payload = mail?.payload as { text: string; html: string };
    const token = await followLink(payload.text);
    expect(payload.html).toContain(`href="${APP_URL}/status/${token}"`);

    const [text] = await queued(estimate.id, 'sms');
    const sms = text?.payload as { shopName: string; updates: string[]; statusUrl: string };
    const body = smsBody(sms.shopName, sms.updates, sms.statusUrl);
    expect(body.startsWith(`${sms.shopName}: `)).toBe(true);
    expect(body.endsWith(SMS_OPT_OUT_LINE)).toBe(true);
    expect(body).toContain(`${SMS_STATUS_LINK_LABEL} ${APP_URL}/status/`);
    expect(await followLink(body)).not.toBe(token);
  });

  it('one link per text: an update folded into a waiting text adds none', async () => {
    const estimate = await quotedEstimateWithTexts();
    await db().update(estimates).set({ status: 'in_progress' }).where(eq(estimates.id, estimate.id));
    await db().transaction((tx) => notifyStageReached(tx, estimate.id, 'Body repair', null));
    await db().transaction((tx) => notifyStageReached(tx, estimate.id, 'Paint', null));
    const texts = await queued(estimate.id, 'sms');
    expect(texts).toHaveLength(1);
    const sms = texts[0]?.payload as { updates: string[]; statusUrl: string };
    expect(sms.updates).toHaveLength(2);
    expect(sms.updates.join(' ')).not.toContain('/status/');
    await followLink(sms.statusUrl);
  });

  it("in the shop's message e-mail; never in the shop's own e-mails", async () => {
    const estimate = await quotedEstimateWithTexts();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/estimates/${estimate.id}/messages`,
      headers: as(admin),
      payload: { content: 'Your car is looking great.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const fromCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/estimates/${estimate.id}/messages`,
      headers: as(alice),
      payload: { content: 'Thank you!' },
    });
    expect(fromCustomer.statusCode).toBe(201);
    const mails = await queued(estimate.id, 'email');
    const toCustomer = mails.find((row) => row.topic === 'shop_message');
    const toShop = mails.find((row) => row.topic === 'shop_customer_message');
    const textOf = (row: typeof toCustomer) => (row?.payload as { text?: string } | undefined)?.text ?? '';
    await followLink(textOf(toCustomer));
    expect(textOf(toShop)).toContain('Thank you!');
    expect(textOf(toShop)).not.toContain('/status/');
  });
});
