import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { personName } from '#domain/admin-dashboard.ts';
import { recordedPaymentNote } from '#domain/admin-notes.ts';
import { centsToDecimal } from '#domain/money.ts';
import {
  insurerCoverageApart,
  isOwingStatus,
  NOT_OWING_MESSAGE,
  overpaymentMessage,
  REQUEST_ALREADY_RECORDED,
  type RecordedPayment,
  recordableMethods,
  type recordPaymentSchema,
} from '#domain/recorded-payments.ts';
import { isOpenStatus } from '#server/adapters/payments/payment-provider.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import {
  type EstimateRow,
  messages,
  type PaymentRow,
  payments,
  type UserRow,
  users,
} from '#server/db/schema.ts';
import {
  assertWithinConsent,
  lockEstimateForUser,
  touchEstimates,
} from '#server/features/estimates/shared.ts';
import { notifyPaymentReceived } from '#server/features/notifications/shared.ts';
import { noteColumns } from '#server/i18n/note-text.ts';
import { estimateBalance } from './balance.ts';
import { cancelOpenIntents, PAYMENT_IN_PROGRESS, type PaymentsDeps } from './service.ts';

/** The provider name of the payments staff record: no provider took them. */
export const RECORDED_PROVIDER = 'recorded';

export const CARD_PAYMENT_WENT_THROUGH =
  'A card payment for this estimate just went through: look at the new balance before recording.';

type RecordPayment = import('zod').output<typeof recordPaymentSchema>;
type Result = { recorded: RecordedPayment } | { refuse: string };

/**
 * POST /api/admin/estimates/{id}/payments: money the shop took outside the app. Under the estimate's
 * lock it may be at most the balance due; a card payment the customer left open online is cancelled
 * first, so the same balance cannot be paid twice. The payment, the note in the conversation (written by
 * the staff member, so the history says who recorded it) and the receipt e-mail are one transaction.
 */
export async function recordPayment(
  { db, provider }: PaymentsDeps,
  staff: UserRow,
  estimateId: string,
  input: RecordPayment,
): Promise<RecordedPayment> {
  const result = await db.transaction(async (tx): Promise<Result> => {
    const estimate = await lockEstimateForUser(tx, estimateId, staff);
    // Under the estimate's lock, so of two sends of one form the second finds the first's payment.
    const earlier = input.requestId ? await paymentOfRequest(tx, input.requestId) : undefined;
    if (earlier) return { recorded: await replayed(tx, estimate, earlier, input, staff) };
    if (!isOwingStatus(estimate.status)) throw new AppError('conflict', NOT_OWING_MESSAGE);
    if (!recordableMethods(estimate).includes(input.method)) {
      throw new AppError('conflict', insurerCoverageApart(estimate.insuranceCoverage));
    }
    await assertWithinConsent(tx, estimate.id);

    const estimatePayments = await tx.select().from(payments).where(eq(payments.estimateId, estimate.id));
    if (estimatePayments.some((payment) => payment.status === 'processing')) {
      throw new AppError('conflict', PAYMENT_IN_PROGRESS);
    }
    const open = estimatePayments.filter((payment) => isOpenStatus(payment.status));
    const cancelled = await cancelOpenIntents(tx, provider, open);
    // Paid while we cancelled: it is recorded now (with its receipt); staff look again.
    if (cancelled === 'succeeded') return { refuse: CARD_PAYMENT_WENT_THROUGH };
    // Being processed, the card payment may still go through: no cash on top of it.
    if (cancelled === 'in_progress') return { refuse: PAYMENT_IN_PROGRESS };

    const before = await estimateBalance(tx, estimate);
    if (input.amount > before.amountDueCents) {
      throw new AppError('conflict', overpaymentMessage(before.amountDueCents));
    }

    const [payment] = await tx
      .insert(payments)
      .values({
        estimateId: estimate.id,
        userId: estimate.userId,
        provider: RECORDED_PROVIDER,
        providerIntentId: recordedIntentId(input.requestId ?? randomUUID()),
        amountCents: input.amount,
        status: 'succeeded',
        paidAt: new Date(),
        method: input.method,
        recordedBy: staff.id,
        reference: input.reference ?? null,
        note: input.note ?? null,
      })
      .returning();
    if (!payment) throw new Error('payment insert returned nothing');
    await tx.insert(messages).values({
      estimateId: estimate.id,
      authorId: staff.id,
      isFromAdmin: true,
      ...noteColumns(recordedPaymentNote(input.amount, input.method, input.reference)),
    });
    await touchEstimates(tx, estimate.id);
    await notifyPaymentReceived(tx, payment.id);

    return { recorded: presentRecorded(payment, staff, before.amountDueCents - input.amount) };
  });
  // Refused after the transaction, so what the cancellation found is kept.
  if ('refuse' in result) throw new AppError('conflict', result.refuse);
  return result.recorded;
}

/** A recorded payment's provider id: the form's request id when it sent one, so a resend finds it. */
const recordedIntentId = (requestId: string) => `${RECORDED_PROVIDER}_${requestId}`;

async function paymentOfRequest(tx: Db, requestId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.providerIntentId, recordedIntentId(requestId)));
  return row;
}

/**
 * The same form sent again: the payment it recorded, with the balance as it is now. A request id
 * that recorded something else (another estimate, amount or method) is refused, recording nothing.
 */
async function replayed(
  tx: Db,
  estimate: EstimateRow,
  earlier: PaymentRow,
  input: RecordPayment,
  staff: UserRow,
): Promise<RecordedPayment> {
  const same =
    earlier.estimateId === estimate.id &&
    earlier.amountCents === input.amount &&
    earlier.method === input.method;
  if (!same) throw new AppError('conflict', REQUEST_ALREADY_RECORDED);
  const [recorder] = earlier.recordedBy
    ? await tx.select().from(users).where(eq(users.id, earlier.recordedBy))
    : [];
  const balance = await estimateBalance(tx, estimate);
  return presentRecorded(earlier, recorder ?? staff, balance.amountDueCents);
}

function presentRecorded(
  payment: PaymentRow,
  recorder: Pick<UserRow, 'firstName' | 'lastName' | 'email'>,
  amountDueCents: number,
): RecordedPayment {
  return {
    id: payment.id,
    amount: centsToDecimal(payment.amountCents),
    method: payment.method,
    reference: payment.reference,
    note: payment.note,
    at: (payment.paidAt ?? payment.createdAt).toISOString(),
    recordedBy: personName(recorder.firstName, recorder.lastName) ?? recorder.email,
    amountDue: centsToDecimal(amountDueCents),
  };
}
