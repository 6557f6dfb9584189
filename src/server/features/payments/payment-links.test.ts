import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NOTHING_DUE,
  PAYMENT_LINK_CLOSED,
  PAYMENT_LINK_NOT_VALID,
  PAYMENT_LINK_PAID,
  PAYMENT_LINK_TTL_DAYS,
  paymentLinkPageSchema,
} from '#domain/payment-links.ts';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { TEST_CARDS } from '#domain/test-cards.ts';
import { createEstimate, createMessage, createUploadedPhoto, createVehicle } from '#server/db/factories.ts';
import { estimates, outbox, payments, users } from '#server/db/schema.ts';
import { clearOutbox, queuedEmails } from '#server/test-support/outbox.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';
import { loadPaymentLinkPage, paymentLinkUrl } from './payment-links.ts';

const APP_URL = 'https://shop.example';
const SECRET = 'p'.repeat(40);
const settings = { secret: SECRET, appUrl: APP_URL, shop: DEFAULT_SHOP };
const clientDir = mkdtempSync(path.join(tmpdir(), 'shop-pay-client-'));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
beforeAll(() => {
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<html><head></head><body><div id="root"></div></body></html>',
  );
});

const t = setUpTestShop({ appUrl: APP_URL, sessionSecret: SECRET, clientDir });
const { alice, bob, admin } = setUpCast(t);
const db = () => t.database.db;

function inject(method: 'GET' | 'POST', url: string, person?: Person, payload?: object) {
  return t.app.inject({ method, url, headers: as(person), ...(payload ? { payload } : {}) });
}

const tokenOf = (url: string) => url.split('/pay/')[1] ?? '';

/**
 * Alice's finished repair with a balance, and beside it everything the payment page must not show:
 * her name and contact details, the plate and VIN, the damage, a message, a photo, the estimate's id.
 */
async function billWithBalance({ texts = false } = {}) {
  await db()
    .update(users)
    .set({ firstName: 'Alicia', lastName: 'Secretname' })
    .where(eq(users.id, alice.user.id));
  const vehicle = await createVehicle(db(), alice.user.id, {
    year: 2021,
    make: 'Honda',
    model: 'Civic',
    licensePlate: 'SEKRT42',
    vin: '2HGFC2F5XMH000042',
  });
  const estimate = await createEstimate(db(), {
    userId: alice.user.id,
    vehicleId: vehicle.id,
    status: 'completed',
    estimatedAmount: '1226.51',
    damageDescription: 'Crumpled private tailgate',
  });
  await db()
    .update(estimates)
    .set({
      contactEmail: 'alice.private@example.com',
      contactPhone: '(813) 555-0199',
      ...(texts ? { smsPhone: '+18135550177', smsOptInAt: new Date(), smsOptInWording: 'yes' } : {}),
    })
    .where(eq(estimates.id, estimate.id));
  await createMessage(db(), {
    estimateId: estimate.id,
    authorId: alice.user.id,
    isFromAdmin: false,
    content: 'My private question',
  });
  const photo = await createUploadedPhoto(db(), { uploaderId: alice.user.id, estimateId: estimate.id });
  return { estimate, vehicle, photo };
}

/** A payment that went through for this estimate (as the card provider would have reported it). */
async function paid(estimateId: string, amountCents: number) {
  await db()
    .insert(payments)
    .values({
      estimateId,
      userId: alice.user.id,
      provider: 'test',
      providerIntentId: `pi_paid_${estimateId}_${amountCents}`,
      amountCents,
      status: 'succeeded',
      paidAt: new Date(),
    });
}

async function sendLink(estimateId: string, person: Person = admin) {
  return inject('POST', `/api/admin/estimates/${estimateId}/payment-link`, person);
}

beforeEach(() => clearOutbox(db()));

describe('POST /api/admin/estimates/{id}/payment-link', () => {
  it('gives staff a signed link and e-mails it to the customer, in their language', async () => {
    const { estimate } = await billWithBalance();
    await paid(estimate.id, 100_000);
    const res = await sendLink(estimate.id);
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^https:\/\/shop\.example\/pay\/[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
    // No amount and no readable id travel in the link.
    expect(url).not.toContain(estimate.id);
    expect(url).not.toContain('226');

    const mails = await queuedEmails(db(), estimate.id);
    expect(mails.map((mail) => mail.topic)).toEqual(['payment_link']);
    const [mail] = mails;
    expect(mail?.payload.to).toBe('alice.private@example.com');
    expect(mail?.payload.subject).toBe(`Payment request from ${DEFAULT_SHOP.name}: $226.51`);
    expect(mail?.payload.text).toContain(`Pay $226.51: ${url}`);
    expect(mail?.payload.text).toContain(`The link works for ${PAYMENT_LINK_TTL_DAYS} days.`);
    expect(mail?.payload.html).toContain(`href="${url}"`);
    // Not opted in to texts: no text.
    const texts = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'sms'), eq(outbox.estimateId, estimate.id)));
    expect(texts).toEqual([]);
  });

  it('texts the link too when the customer asked for texts, and writes in Spanish for a Spanish speaker', async () => {
    await db().update(users).set({ language: 'es' }).where(eq(users.id, alice.user.id));
    try {
      const { estimate } = await billWithBalance({ texts: true });
      const res = await sendLink(estimate.id);
      expect(res.statusCode).toBe(201);
      const { url } = res.json();
      const [text] = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'sms'), eq(outbox.estimateId, estimate.id)));
      expect(text?.payload).toMatchObject({
        to: '+18135550177',
        language: 'es',
        updates: [
          `Saldo pendiente de su 2021 Honda Civic: $1,226.51. Pague con tarjeta, sin iniciar sesión: ${url}`,
        ],
      });
      const [mail] = await queuedEmails(db(), estimate.id);
      expect(mail?.payload.subject).toBe(`Solicitud de pago de ${DEFAULT_SHOP.name}: $1,226.51`);
    } finally {
      await db().update(users).set({ language: 'en' }).where(eq(users.id, alice.user.id));
    }
  });

  it('refuses customers (403, even the owner), and answers an unknown or malformed id with 404', async () => {
    const { estimate } = await billWithBalance();
    expect((await sendLink(estimate.id, alice)).statusCode).toBe(403);
    expect((await sendLink(estimate.id, bob)).statusCode).toBe(403);
    const anonymous = await inject('POST', `/api/admin/estimates/${estimate.id}/payment-link`);
    expect(anonymous.statusCode).toBe(401);
    const unknown = await sendLink('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await sendLink('not-an-id')).statusCode).toBe(404);
    expect(await queuedEmails(db(), estimate.id)).toEqual([]);
  });

  it('refuses with a sentence when nothing is due, or the estimate cannot be paid yet', async () => {
    const { estimate } = await billWithBalance();
    await paid(estimate.id, 122_651);
    const none = await sendLink(estimate.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(NOTHING_DUE);

    const quote = await createEstimate(db(), {
      userId: alice.user.id,
      status: 'quoted',
      estimatedAmount: '300.00',
    });
    const notYet = await sendLink(quote.id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe('Payment is only available for approved estimates.');
    expect(await queuedEmails(db())).toEqual([]);
  });
});

describe('the payment link page, signed out', () => {
  it('shows the shop, the vehicle and the amount due, and nothing else', async () => {
    const { estimate, vehicle, photo } = await billWithBalance();
    await paid(estimate.id, 100_000);
    const { url } = (await sendLink(estimate.id)).json();
    const res = await inject('GET', `/api/pay/${tokenOf(url)}`);
    expect(res.statusCode).toBe(200);
    const page = paymentLinkPageSchema.strict().parse(res.json());
    expect(page).toEqual({
      shop: { name: DEFAULT_SHOP.name, phone: DEFAULT_SHOP.phone },
      vehicle: { year: 2021, make: 'Honda', model: 'Civic' },
      amountDue: '226.51',
      expiresAt: expect.any(String),
    });
    const days = (new Date(page.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(PAYMENT_LINK_TTL_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(PAYMENT_LINK_TTL_DAYS);
    for (const secret of [
      estimate.id,
      vehicle.id,
      photo.id,
      alice.user.id,
      alice.user.email,
      'alice.private@example.com',
      '555-0199',
      'Alicia',
      'Secretname',
      'SEKRT42',
      '2HGFC2F5XMH000042',
      'Crumpled',
      'My private question',
      '1226.51',
    ]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');

    const html = await inject('GET', `/pay/${tokenOf(url)}`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['cache-control']).toBe('no-store');
  });

  it('answers a tampered, foreign or malformed token with the same plain 404, page and API', async () => {
    const { estimate } = await billWithBalance();
    const token = tokenOf((await sendLink(estimate.id)).json().url);
    const statusToken = tokenOf(
      (await inject('POST', `/api/estimates/${estimate.id}/status-link`, alice))
        .json()
        .url.replace('/status/', '/pay/'),
    );
    const [id = '', expiry = '', signature = ''] = token.split('.');
    const later = (Number.parseInt(expiry, 36) + 86_400 * 30).toString(36);
    for (const bad of [
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `${id}.${later}.${signature}`,
      statusToken,
      'not-a-token',
      `${token}x`,
    ]) {
      const res = await inject('GET', `/api/pay/${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().message).toBe(PAYMENT_LINK_NOT_VALID);
      const intent = await inject('POST', `/api/pay/${encodeURIComponent(bad)}/intent`);
      expect(intent.statusCode, bad).toBe(404);
      const page = await inject('GET', `/pay/${encodeURIComponent(bad)}`);
      expect(page.statusCode, bad).toBe(404);
    }
  });

  it('is refused after 7 days', async () => {
    const { estimate } = await billWithBalance();
    const eightDaysAgo = new Date(Date.now() - (PAYMENT_LINK_TTL_DAYS + 1) * 86_400_000);
    const sixDaysAgo = new Date(Date.now() - (PAYMENT_LINK_TTL_DAYS - 1) * 86_400_000);
    const expired = tokenOf(paymentLinkUrl(settings, estimate.id, eightDaysAgo));
    const fresh = tokenOf(paymentLinkUrl(settings, estimate.id, sixDaysAgo));
    expect((await inject('GET', `/api/pay/${fresh}`)).statusCode).toBe(200);
    const res = await inject('GET', `/api/pay/${expired}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PAYMENT_LINK_NOT_VALID);
    expect((await inject('POST', `/api/pay/${expired}/intent`)).statusCode).toBe(404);
    expect((await inject('GET', `/pay/${expired}`)).statusCode).toBe(404);
    // The service's clock: a link made now is dead a week and a second later.
    const now = tokenOf(paymentLinkUrl(settings, estimate.id));
    const later = new Date(Date.now() + PAYMENT_LINK_TTL_DAYS * 86_400_000 + 1000);
    await expect(loadPaymentLinkPage(db(), settings, now, later)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('takes the test card for the amount due, then is dead: the bill is paid', async () => {
    const { estimate } = await billWithBalance();
    await paid(estimate.id, 100_000);
    const token = tokenOf((await sendLink(estimate.id)).json().url);

    const intent = await inject('POST', `/api/pay/${token}/intent`);
    expect(intent.statusCode).toBe(200);
    expect(intent.json().amount).toBe('226.51');
    expect(intent.body).not.toContain(estimate.id);
    const card = { cardNumber: TEST_CARDS.success, expiry: '12 / 40', cvc: '123' };
    const charged = await inject('POST', `/api/pay/${token}/test-payments/confirm`, undefined, {
      clientSecret: intent.json().clientSecret,
      ...card,
    });
    expect(charged.statusCode).toBe(200);
    expect(charged.json().status).toBe('succeeded');

    const confirmed = await inject('POST', `/api/pay/${token}/confirm`, undefined, {
      paymentIntentId: intent.json().paymentIntentId,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'succeeded', amountPaid: '226.51', failureMessage: null });
    expect(confirmed.body).not.toContain(estimate.id);

    // Paid on Alice's account, with her receipt.
    const rows = await db().select().from(payments).where(eq(payments.estimateId, estimate.id));
    expect(
      rows.filter((row) => row.status === 'succeeded').map((row) => [row.userId, row.amountCents]),
    ).toEqual([
      [alice.user.id, 100_000],
      [alice.user.id, 22_651],
    ]);
    expect((await queuedEmails(db(), estimate.id)).map((mail) => mail.topic)).toContain('payment_receipt');

    // Dead now: the page says why, paying is refused, and staff cannot send another.
    const page = await inject('GET', `/api/pay/${token}`);
    expect(page.statusCode).toBe(410);
    expect(page.json().message).toBe(PAYMENT_LINK_PAID);
    const again = await inject('POST', `/api/pay/${token}/intent`);
    expect(again.statusCode).toBe(410);
    expect((await sendLink(estimate.id)).statusCode).toBe(409);
  });

  it('works out the amount when it is used, not when it was sent', async () => {
    const { estimate } = await billWithBalance();
    const token = tokenOf((await sendLink(estimate.id)).json().url);
    await paid(estimate.id, 1_000);
    expect((await inject('GET', `/api/pay/${token}`)).json().amountDue).toBe('1216.51');
    expect((await inject('POST', `/api/pay/${token}/intent`)).json().amount).toBe('1216.51');
  });

  it('pays only intents of its own estimate', async () => {
    const { estimate } = await billWithBalance();
    const other = await createEstimate(db(), {
      userId: alice.user.id,
      status: 'approved',
      estimatedAmount: '50.00',
    });
    const token = tokenOf((await sendLink(estimate.id)).json().url);
    const otherToken = tokenOf((await sendLink(other.id)).json().url);
    const otherIntent = (await inject('POST', `/api/pay/${otherToken}/intent`)).json();
    const charged = await inject('POST', `/api/pay/${token}/test-payments/confirm`, undefined, {
      clientSecret: otherIntent.clientSecret,
      cardNumber: TEST_CARDS.success,
      expiry: '12 / 40',
      cvc: '123',
    });
    expect(charged.statusCode).toBe(404);
    const confirm = await inject('POST', `/api/pay/${token}/confirm`, undefined, {
      paymentIntentId: otherIntent.paymentIntentId,
    });
    expect(confirm.statusCode).toBe(404);
  });

  it('is closed, kindly, when the estimate can no longer be paid online', async () => {
    const { estimate } = await billWithBalance();
    const token = tokenOf((await sendLink(estimate.id)).json().url);
    await db().update(estimates).set({ status: 'cancelled' }).where(eq(estimates.id, estimate.id));
    const res = await inject('GET', `/api/pay/${token}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(PAYMENT_LINK_CLOSED);
  });
});
