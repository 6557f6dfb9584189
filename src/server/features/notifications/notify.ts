import { and, eq, gt, sql } from 'drizzle-orm';
import { estimateReference } from '#domain/estimate.ts';
import type { DriveEstimateDocument } from '#domain/google.ts';
import { DEFAULT_LANGUAGE } from '#domain/language.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { PAYMENT_LINK_TTL_DAYS } from '#domain/payment-links.ts';
import { amountDueCents } from '#domain/payments.ts';
import { storageCents } from '#domain/storage.ts';
import type { Db } from '#server/db/client.ts';
import { paidCentsByEstimate } from '#server/db/paid-amounts.ts';
import {
  appointments,
  estimateSupplements,
  estimates,
  messages,
  outbox,
  payments,
  users,
  vehicles,
} from '#server/db/schema.ts';
import { storedMessageText } from '#server/i18n/note-text.ts';
import { type PendingPdf, queueDriveSave, queueEmail } from './outbox.ts';
import { pendingPdf } from './pending-pdfs.ts';
import { recordReadyNotice } from './ready-notice.ts';
import { notificationSettings } from './settings.ts';
import { recordStatedStorage } from './storage-terms.ts';
import { type BackupFailure, backupFailedMail } from './templates/backup-failed.ts';
import {
  dropOffScheduledMail,
  estimateReceivedMail,
  paymentLinkMail,
  paymentReceiptMail,
  quoteReadyMail,
  repairCompletedMail,
  shopMessageMail,
  supplementMail,
  welcomeMail,
} from './templates/customer-mails.ts';
import {
  dropOffBookedText,
  paymentLinkText,
  promisedDateChangedText,
  quoteReadyText,
  readyForPickupText,
  stageReachedText,
} from './templates/customer-texts.ts';
import type { RenderedMail } from './templates/layout.ts';
import {
  customerEmail,
  customerLanguage,
  customerName,
  type EstimateMailContext,
  vehicleName,
} from './templates/mail-context.ts';
import { setPasswordMail, setPasswordUrl, WELCOME_LINK_TTL_DAYS } from './templates/set-password.ts';
import { customerMessageMail, customerResponseMail, newEstimateMail } from './templates/shop-mails.ts';
import { textCustomer } from './texts.ts';

/**
 * The e-mails (and Drive saves) a change causes. Call each inside the transaction that makes the
 * change: the mail is queued exactly when the change commits, and the worker sends it afterwards.
 * Each reads what it needs itself, so callers pass ids only.
 */

/** Customers get at most one "new message from the shop" e-mail per estimate in this many minutes. */
export const SHOP_MESSAGE_MAIL_INTERVAL_MINUTES = 10;

/**
 * A new request: the customer's confirmation, and (unless the shop entered it itself) the shop's alert.
 * A customer without a password (the shop has just created them, or holds the account for its
 * mailbox) gets the welcome e-mail instead of the confirmation: its link (`welcomeToken`, a password
 * link) sets their password and lands on the estimate.
 */
export async function notifyEstimateReceived(
  tx: Db,
  estimateId: string,
  options: { submittedByShop?: boolean; welcomeToken?: string; accountCreated?: boolean } = {},
): Promise<void> {
  const ctx = await customerContext(tx, estimateId);
  if (options.welcomeToken) {
    const { appUrl, mailFrom, shopNotifyEmail } = notificationSettings();
    const link = setPasswordUrl(appUrl, options.welcomeToken, `/estimate/${estimateId}`);
    await queueEmail(tx, {
      topic: 'welcome',
      estimateId,
      // The account's own address: the link proves whoever follows it reads that mailbox.
      payload: {
        from: mailFrom,
        to: ctx.customer.email,
        replyTo: shopNotifyEmail,
        ...welcomeMail(ctx, link, WELCOME_LINK_TTL_DAYS, options.accountCreated ?? true),
      },
    });
  } else {
    await mailCustomer(tx, ctx, 'estimate_received', estimateReceivedMail(ctx));
  }
  if (!options.submittedByShop) await mailShop(tx, ctx, 'shop_new_estimate', newEstimateMail(ctx));
}

/** The quote went out: the customer's e-mail with the amounts, and the estimate's copy in Drive. */
export async function notifyQuoteReady(tx: Db, estimateId: string): Promise<void> {
  // The written estimate and the storage charge it states are one act: the PDF below prints it.
  await recordStatedStorage(tx, estimateId);
  const ctx = await customerContext(tx, estimateId);
  const pdf = await documentAttachment(tx, ctx, 'estimate');
  // The PDF is printed by the job that sends the e-mail, not while the shop waits (decision 075).
  await mailCustomer(tx, ctx, 'quote_ready', { ...quoteReadyMail(ctx), pdfs: [pdf] });
  if (notificationSettings().driveEnabled) {
    await queueDriveSave(tx, {
      topic: 'drive_estimate',
      estimateId,
      payload: {
        name: driveDocumentName(ctx),
        document: driveDocument(ctx),
        pdf: { name: driveDocumentName(ctx).replace(/\.json$/, '.pdf'), pending: pdf },
      },
    });
  }
  await textCustomer(tx, estimateId, quoteReadyText(ctx), customerLanguage(ctx));
}

export async function notifyDropOffScheduled(
  tx: Db,
  estimateId: string,
  appointmentId: string,
): Promise<void> {
  const ctx = await customerContext(tx, estimateId);
  const [appointment] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.estimateId, estimateId)))
    .limit(1);
  if (!appointment) throw new Error(`appointment ${appointmentId} of estimate ${estimateId} not found`);
  await mailCustomer(tx, ctx, 'drop_off_scheduled', dropOffScheduledMail(ctx, appointment));
  await textCustomer(tx, estimateId, dropOffBookedText(ctx, appointment), customerLanguage(ctx));
}

export async function notifyRepairCompleted(tx: Db, estimateId: string, now = new Date()): Promise<void> {
  // The notice and its record are one act: storage is counted from it (decision 072).
  const storage = await recordReadyNotice(tx, estimateId, now);
  const ctx = await customerContext(tx, estimateId);
  const paid = (await paidCentsByEstimate(tx, [estimateId])).get(estimateId) ?? 0;
  await mailCustomer(tx, ctx, 'repair_completed', {
    ...repairCompletedMail(ctx, amountDueCents(ctx.estimate, paid), storage),
    pdfs: [await documentAttachment(tx, ctx, 'invoice')],
  });
  await textCustomer(
    tx,
    estimateId,
    readyForPickupText(ctx, amountDueCents(ctx.estimate, paid), storage),
    customerLanguage(ctx),
  );
}

/** The car reached a stage of the repair: customers who asked for texts hear it. */
export async function notifyStageReached(tx: Db, estimateId: string, stage: string, note: string | null) {
  const ctx = await loadContext(tx, estimateId);
  await textCustomer(tx, estimateId, stageReachedText(ctx, stage, note), customerLanguage(ctx));
}

/** The promised date moved: customers who asked for texts hear the new date and why. */
export async function notifyPromisedDateChanged(
  tx: Db,
  estimateId: string,
  date: string,
  reason: string | null,
) {
  const ctx = await loadContext(tx, estimateId);
  await textCustomer(tx, estimateId, promisedDateChangedText(ctx, date, reason), customerLanguage(ctx));
}

/** A supplement was sent: the customer is asked for consent, with a link to the estimate page. */
export async function notifySupplementSent(tx: Db, estimateId: string, supplementId: string): Promise<void> {
  const [supplement] = await tx
    .select()
    .from(estimateSupplements)
    .where(and(eq(estimateSupplements.id, supplementId), eq(estimateSupplements.estimateId, estimateId)))
    .limit(1);
  if (!supplement) throw new Error(`supplement ${supplementId} of estimate ${estimateId} not found`);
  const ctx = await customerContext(tx, estimateId);
  const total = toCents(ctx.estimate.estimatedAmount) ?? 0;
  const mail = supplementMail(ctx, {
    number: supplement.number,
    reason: supplement.reason,
    amount: supplement.amount,
    newTotal: centsToDecimal(total + (toCents(supplement.amount) ?? 0)),
  });
  await mailCustomer(tx, ctx, 'supplement_sent', mail, `supplement:${supplement.id}`);
}

/** The receipt of a payment that succeeded; queued once per payment whoever reports the success. */
export async function notifyPaymentReceived(tx: Db, paymentId: string): Promise<void> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment) throw new Error(`payment ${paymentId} not found`);
  if (payment.status !== 'succeeded') return;
  const ctx = await customerContext(tx, payment.estimateId);
  const paid = (await paidCentsByEstimate(tx, [payment.estimateId])).get(payment.estimateId) ?? 0;
  const mail = paymentReceiptMail(
    ctx,
    { ...payment, paidAt: payment.paidAt ?? new Date(), testMode: payment.provider === 'test' },
    amountDueCents(ctx.estimate, paid, storageCents(ctx.estimate)),
  );
  await mailCustomer(tx, ctx, 'payment_receipt', mail, `payment-receipt:${payment.id}`);
}

/**
 * Staff ask the customer to pay the balance: the payment link by e-mail, and by text when they asked
 * for texts, both in their language. The amount is what was due when it was sent; the page works out
 * the balance again when it is opened.
 */
export async function notifyPaymentLink(
  tx: Db,
  estimateId: string,
  url: string,
  amountDueCents: number,
): Promise<void> {
  const ctx = await customerContext(tx, estimateId);
  const link = { url, amountDueCents, days: PAYMENT_LINK_TTL_DAYS };
  await mailCustomer(tx, ctx, 'payment_link', paymentLinkMail(ctx, link));
  await textCustomer(tx, estimateId, paymentLinkText(ctx, url, amountDueCents), customerLanguage(ctx));
}

/** The shop hears that the customer approved or declined the quote. */
export async function notifyCustomerResponded(
  tx: Db,
  estimateId: string,
  response: 'approved' | 'declined',
): Promise<void> {
  const ctx = await loadContext(tx, estimateId);
  await mailShop(tx, ctx, 'shop_customer_response', customerResponseMail(ctx, response));
}

/**
 * A message in an estimate's conversation. From the shop: the customer gets at most one e-mail per
 * estimate every 10 minutes (the first message of a burst; the rest are on the page). From the
 * customer: the shop gets each one.
 */
export async function notifyNewMessage(tx: Db, messageId: string): Promise<void> {
  const [message] = await tx.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!message) throw new Error(`message ${messageId} not found`);
  if (!message.isFromAdmin) {
    const ctx = await loadContext(tx, message.estimateId);
    // The shop reads English: a note the customer's action wrote (an approval) in its English words.
    const text = storedMessageText(message, DEFAULT_LANGUAGE);
    await mailShop(tx, ctx, 'shop_customer_message', customerMessageMail(ctx, text));
    return;
  }
  // The estimate's row lock makes two messages written at once take turns here: one e-mail, not two.
  await tx
    .select({ id: estimates.id })
    .from(estimates)
    .where(eq(estimates.id, message.estimateId))
    .for('update');
  const [recent] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.estimateId, message.estimateId),
        eq(outbox.topic, 'shop_message'),
        gt(outbox.createdAt, sql`now() - make_interval(mins => ${SHOP_MESSAGE_MAIL_INTERVAL_MINUTES})`),
      ),
    )
    .limit(1);
  if (recent) return;
  const ctx = await customerContext(tx, message.estimateId);
  // A note the app wrote (a status change, a supplement's answer) is quoted in the customer's language.
  const text = storedMessageText(message, customerLanguage(ctx));
  await mailCustomer(tx, ctx, 'shop_message', shopMessageMail(ctx, text));
}

/**
 * The one-time link to set (or reset) a password. Only the raw token is in the mail; the database
 * keeps its hash. Sent to the account's own address: that is what the link proves.
 */
export async function notifyPasswordLink(tx: Db, userId: string, token: string): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} not found`);
  const { appUrl, shop, mailFrom, shopNotifyEmail } = notificationSettings();
  const mail = setPasswordMail(user, setPasswordUrl(appUrl, token), shop);
  await queueEmail(tx, {
    topic: 'password_link',
    estimateId: null,
    payload: { from: mailFrom, to: user.email, replyTo: shopNotifyEmail, ...mail },
  });
}

/**
 * A scheduled backup failed: the shop hears it once per failed run (`runId`), queued like every other
 * e-mail so it goes out when the mail server is back.
 */
export async function notifyBackupFailed(tx: Db, runId: string, failure: BackupFailure): Promise<void> {
  const { appUrl, shop, mailFrom, shopNotifyEmail } = notificationSettings();
  await queueEmail(tx, {
    topic: 'backup_failed',
    estimateId: null,
    dedupeKey: `backup-failed:${runId}`,
    payload: { from: mailFrom, to: shopNotifyEmail, ...backupFailedMail(failure, appUrl, shop) },
  });
}

// ---- shared steps ----

export async function loadContext(tx: Db, estimateId: string): Promise<EstimateMailContext> {
  const [row] = await tx
    .select({ estimate: estimates, customer: users, vehicle: vehicles })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(eq(estimates.id, estimateId))
    .limit(1);
  if (!row) throw new Error(`estimate ${estimateId} not found`);
  const { appUrl, shop } = notificationSettings();
  return { ...row, appUrl, shop };
}

/** The context of a message to the customer: with a new status link for the message to carry. */
async function customerContext(tx: Db, estimateId: string): Promise<EstimateMailContext> {
  const ctx = await loadContext(tx, estimateId);
  return { ...ctx, statusUrl: await notificationSettings().statusLink(tx, estimateId) };
}

type CustomerTopic =
  | 'estimate_received'
  | 'quote_ready'
  | 'drop_off_scheduled'
  | 'repair_completed'
  | 'payment_receipt'
  | 'payment_link'
  | 'shop_message'
  | 'supplement_sent';
type ShopTopic = 'shop_new_estimate' | 'shop_customer_response' | 'shop_customer_message';

/** The written estimate or the invoice as the customer gets it with the e-mail, printed by the job. */
function documentAttachment(
  tx: Db,
  ctx: EstimateMailContext,
  kind: 'estimate' | 'invoice',
): Promise<PendingPdf> {
  return pendingPdf(tx, ctx.estimate.id, kind, `${kind}-${estimateReference(ctx.estimate.id)}.pdf`);
}

async function mailCustomer(
  tx: Db,
  ctx: EstimateMailContext,
  topic: CustomerTopic,
  mail: RenderedMail & { pdfs?: PendingPdf[] },
  dedupeKey?: string,
): Promise<void> {
  const { mailFrom, shopNotifyEmail } = notificationSettings();
  await queueEmail(tx, {
    topic,
    estimateId: ctx.estimate.id,
    dedupeKey,
    // Replies reach the shop, not a mailbox nobody reads.
    payload: { from: mailFrom, to: customerEmail(ctx), replyTo: shopNotifyEmail, ...mail },
  });
}

async function mailShop(
  tx: Db,
  ctx: EstimateMailContext,
  topic: ShopTopic,
  mail: RenderedMail,
): Promise<void> {
  const { mailFrom, shopNotifyEmail } = notificationSettings();
  await queueEmail(tx, {
    topic,
    estimateId: ctx.estimate.id,
    payload: { from: mailFrom, to: shopNotifyEmail, replyTo: customerEmail(ctx), ...mail },
  });
}

function driveDocumentName(ctx: EstimateMailContext): string {
  return `Estimate ${estimateReference(ctx.estimate.id)} - ${vehicleName(ctx)} - ${customerName(ctx)}.json`;
}

/** The estimate as quoted, for the shop's Drive folder (read back by GET /api/drive/estimates/{id}). */
function driveDocument(ctx: EstimateMailContext): DriveEstimateDocument {
  const { estimate, customer, vehicle } = ctx;
  return {
    estimate: {
      id: estimate.id,
      reference: estimateReference(estimate.id),
      status: estimate.status,
      estimatedAmount: estimate.estimatedAmount,
      customerDeductible: estimate.customerDeductible,
      insuranceCoverage: estimate.insuranceCoverage,
      insuranceCompany: estimate.insuranceCompany,
      damageDescription: estimate.damageDescription,
      createdAt: estimate.createdAt.toISOString(),
    },
    customer: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customerEmail(ctx),
      phone: estimate.contactPhone ?? customer.phone,
    },
    vehicle: {
      year: vehicle?.year ?? null,
      make: vehicle?.make ?? null,
      model: vehicle?.model ?? null,
      licensePlate: vehicle?.licensePlate ?? null,
      vin: vehicle?.vin ?? null,
    },
    savedAt: new Date().toISOString(),
  };
}
