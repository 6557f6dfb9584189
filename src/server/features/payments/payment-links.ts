import { eq } from 'drizzle-orm';
import { centsToDecimal } from '#domain/money.ts';
import {
  type CreatedPaymentLink,
  NOTHING_DUE,
  PAYMENT_LINK_CLOSED,
  PAYMENT_LINK_NOT_VALID,
  PAYMENT_LINK_PAID,
  PAYMENT_LINK_TTL_DAYS,
  type PaymentLinkConfirmation,
  type PaymentLinkPage,
  paymentLinkPath,
} from '#domain/payment-links.ts';
import {
  type PaymentAvailability,
  type PaymentIntentReply,
  paymentAvailability,
  type TestCardPaymentInput,
  type TestCardPaymentReply,
} from '#domain/payments.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { storageCents } from '#domain/storage.ts';
import type { TestPaymentProvider } from '#server/adapters/payments/test-provider.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { paidTotals } from '#server/db/paid-amounts.ts';
import { type EstimateRow, estimates, payments, type UserRow, users, vehicles } from '#server/db/schema.ts';
import { findEstimateForUser } from '#server/features/estimates/shared.ts';
import { notifyPaymentLink } from '#server/features/notifications/shared.ts';
import { signLinkToken, verifyLinkToken } from '#server/features/status-links/shared.ts';
import { confirmPayment, createPaymentIntent, type PaymentsDeps, paymentNotFound } from './service.ts';
import { confirmTestCardPayment } from './test-card-payments.ts';

/**
 * Text-to-pay: staff send the customer a signed link to pay the balance without signing in. The
 * token names the estimate and an expiry (signed like a status link, under a purpose of its own) and
 * nothing else: no row is stored, and no amount travels in it. The page and the payment work out the
 * balance when they are used, and a bill with nothing due turns every link to it off by itself.
 * Paying goes through the very calls the signed-in payment page uses, made on behalf of the
 * estimate's owner and for that one estimate only.
 */

const PURPOSE = 'payment-link-token-v1';

export interface PaymentLinkSettings {
  secret: string;
  appUrl: string;
  shop: ShopInfo;
}

export const paymentLinkNotValid = () => new AppError('not_found', PAYMENT_LINK_NOT_VALID);

/**
 * The balance a payment link asks for, and whether it may be paid now: the estimate's customer share
 * and the storage charged so far, less what its payments have paid. Every use of a link (sending,
 * reading, paying) asks here.
 */
export async function paymentLinkBalance(db: Db, estimate: EstimateRow): Promise<PaymentAvailability> {
  const paid = (await paidTotals(db, [estimate.id])).get(estimate.id)?.paidCents ?? 0;
  return paymentAvailability(estimate, paid, storageCents(estimate));
}

/** Whole seconds: the token carries its expiry in seconds. */
function expiryFrom(now: Date): Date {
  return new Date((Math.floor(now.getTime() / 1000) + PAYMENT_LINK_TTL_DAYS * 86_400) * 1000);
}

export function paymentLinkUrl(settings: PaymentLinkSettings, estimateId: string, now = new Date()): string {
  const token = signLinkToken(settings.secret, PURPOSE, estimateId, expiryFrom(now));
  return `${settings.appUrl.replace(/\/+$/, '')}${paymentLinkPath(token)}`;
}

/**
 * POST /api/admin/estimates/{id}/payment-link: a new link, e-mailed to the customer and texted when
 * they asked for texts (queued with the link, in their language). Refused while nothing is due.
 */
export async function sendPaymentLink(
  db: Db,
  settings: PaymentLinkSettings,
  staff: UserRow,
  estimateId: string,
  now = new Date(),
): Promise<CreatedPaymentLink> {
  const estimate = await findEstimateForUser(db, estimateId, staff);
  const balance = await paymentLinkBalance(db, estimate);
  if (!balance.payable) {
    throw new AppError('conflict', balance.block === 'not_payable_status' ? balance.message : NOTHING_DUE);
  }
  const url = paymentLinkUrl(settings, estimate.id, now);
  await db.transaction((tx) => notifyPaymentLink(tx, estimate.id, url, balance.amountDueCents));
  return { url };
}

interface OpenLink {
  estimate: EstimateRow;
  expiresAt: Date;
}

/** The estimate a token names, if its signature holds and it has not expired; else the one plain 404. */
async function openLink(db: Db, secret: string, token: string, now: Date): Promise<OpenLink> {
  const claims = verifyLinkToken(secret, PURPOSE, token, now);
  if (!claims) throw paymentLinkNotValid();
  const [estimate] = await db.select().from(estimates).where(eq(estimates.id, claims.id)).limit(1);
  if (!estimate) throw paymentLinkNotValid();
  return { estimate, expiresAt: claims.expiresAt };
}

/** Whether a token is one of ours and unexpired (no database read): the page's HTML answers 404 if not. */
export function isLivePaymentToken(secret: string, token: string, now = new Date()): boolean {
  return verifyLinkToken(secret, PURPOSE, token, now) !== null;
}

/** A link whose bill cannot be paid now is dead: 410, kindly worded, whichever call it was. */
async function requirePayable(db: Db, estimate: EstimateRow): Promise<number> {
  const balance = await paymentLinkBalance(db, estimate);
  if (balance.payable) return balance.amountDueCents;
  throw new AppError(
    'gone',
    balance.block === 'not_payable_status' ? PAYMENT_LINK_CLOSED : PAYMENT_LINK_PAID,
  );
}

/** GET /api/pay/{token}: the shop, the vehicle and the amount due; nothing else. */
export async function loadPaymentLinkPage(
  db: Db,
  settings: Pick<PaymentLinkSettings, 'secret' | 'shop'>,
  token: string,
  now = new Date(),
): Promise<PaymentLinkPage> {
  const { estimate, expiresAt } = await openLink(db, settings.secret, token, now);
  const due = await requirePayable(db, estimate);
  const [vehicle] = estimate.vehicleId
    ? await db
        .select({ year: vehicles.year, make: vehicles.make, model: vehicles.model })
        .from(vehicles)
        .where(eq(vehicles.id, estimate.vehicleId))
        .limit(1)
    : [];
  return {
    shop: { name: settings.shop.name, phone: settings.shop.phone },
    vehicle: vehicle ?? null,
    amountDue: centsToDecimal(due),
    expiresAt: expiresAt.toISOString(),
  };
}

/** The customer the link pays for: payments through it are theirs, like those made signed in. */
async function ownerOf(db: Db, estimate: EstimateRow): Promise<UserRow> {
  const [owner] = await db.select().from(users).where(eq(users.id, estimate.userId)).limit(1);
  if (!owner) throw paymentLinkNotValid();
  return owner;
}

/** POST /api/pay/{token}/intent: the payment page's intent, for the amount due now. */
export async function createPaymentLinkIntent(
  deps: PaymentsDeps,
  secret: string,
  token: string,
  now = new Date(),
): Promise<PaymentIntentReply> {
  const { estimate } = await openLink(deps.db, secret, token, now);
  await requirePayable(deps.db, estimate);
  return createPaymentIntent(deps, await ownerOf(deps.db, estimate), estimate.id);
}

/** POST /api/pay/{token}/test-payments/confirm: the test card form, for an intent of this link's estimate only. */
export async function confirmPaymentLinkTestCard(
  db: Db,
  provider: TestPaymentProvider,
  secret: string,
  token: string,
  input: TestCardPaymentInput,
  now = new Date(),
): Promise<TestCardPaymentReply> {
  const { estimate } = await openLink(db, secret, token, now);
  const intentId = provider.intentIdFromClientSecret(input.clientSecret);
  if (!intentId || !(await isIntentOf(db, intentId, estimate.id))) throw paymentNotFound();
  return confirmTestCardPayment(db, provider, await ownerOf(db, estimate), input);
}

/**
 * POST /api/pay/{token}/confirm: did the payment go through? Answered from the provider, like the
 * signed-in success page, but with the outcome only: the link's page shows nothing of the estimate.
 */
export async function confirmPaymentLinkPayment(
  deps: PaymentsDeps,
  secret: string,
  token: string,
  paymentIntentId: string,
  now = new Date(),
): Promise<PaymentLinkConfirmation> {
  const { estimate } = await openLink(deps.db, secret, token, now);
  if (!(await isIntentOf(deps.db, paymentIntentId, estimate.id))) throw paymentNotFound();
  const confirmation = await confirmPayment(deps, await ownerOf(deps.db, estimate), {
    paymentIntentId,
    estimateId: estimate.id,
  });
  return {
    status: confirmation.status,
    amountPaid: confirmation.amountPaid,
    failureMessage: confirmation.failureMessage,
  };
}

async function isIntentOf(db: Db, providerIntentId: string, estimateId: string): Promise<boolean> {
  const [row] = await db
    .select({ estimateId: payments.estimateId })
    .from(payments)
    .where(eq(payments.providerIntentId, providerIntentId))
    .limit(1);
  return row?.estimateId === estimateId;
}
