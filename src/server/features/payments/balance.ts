import { and, asc, eq } from 'drizzle-orm';
import { personName } from '#domain/admin-dashboard.ts';
import { centsToDecimal } from '#domain/money.ts';
import { amountDueCents, customerShareCents, type PaidPayment } from '#domain/payments.ts';
import { type StorageCharge, storageCharge } from '#domain/storage.ts';
import type { Db } from '#server/db/client.ts';
import { type EstimateRow, payments, users } from '#server/db/schema.ts';

/** What an estimate costs the customer, what they paid (online and at the counter) and what is left. */
export interface EstimateBalance {
  /** The customer's share: the deductible when there is one, else the total; 0 without an amount. */
  shareCents: number;
  paidCents: number;
  /** Never below zero; storage included. */
  amountDueCents: number;
  /** Storage charged so far on the finished car (decision 072); null when none is charged. */
  storage: StorageCharge | null;
  lastPaidAt: Date | null;
  /** The succeeded payments, oldest first. */
  payments: PaidPayment[];
}

type BillableRow = Pick<
  EstimateRow,
  | 'id'
  | 'estimatedAmount'
  | 'customerDeductible'
  | 'status'
  | 'storageFrom'
  | 'storageRateCents'
  | 'pickedUpAt'
>;

/**
 * The balance of one estimate, from its succeeded payments of every method and the storage charged
 * so far. Every screen that says
 * "paid" or "balance due" (the customer's page, the payment page and link, the desk, the invoice) asks
 * this or the same sum, so they agree. Pass a transaction holding the estimate's row to decide on it;
 * `staff` adds who recorded each desk payment, its reference and note.
 */
export async function estimateBalance(
  db: Db,
  estimate: BillableRow,
  { staff = false, now = new Date() }: { staff?: boolean; now?: Date } = {},
): Promise<EstimateBalance> {
  const rows = await db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      method: payments.method,
      paidAt: payments.paidAt,
      reference: payments.reference,
      note: payments.note,
      recordedBy: payments.recordedBy,
      recorderFirst: users.firstName,
      recorderLast: users.lastName,
      recorderEmail: users.email,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(and(eq(payments.estimateId, estimate.id), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.paidAt), asc(payments.createdAt));
  const paidCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
  const times = rows.map((row) => row.paidAt).filter((at): at is Date => at !== null);
  const storage = storageCharge(estimate, now);
  return {
    shareCents: customerShareCents(estimate) ?? 0,
    paidCents,
    amountDueCents: amountDueCents(estimate, paidCents, storage?.amountCents ?? 0),
    storage,
    lastPaidAt: times.at(-1) ?? null,
    payments: rows.map((row) => ({
      id: row.id,
      amount: centsToDecimal(row.amountCents),
      method: row.method,
      at: (row.paidAt ?? new Date(0)).toISOString(),
      // Who recorded it and why are the shop's business, not the customer's.
      ...(staff && row.recordedBy
        ? {
            recordedBy:
              personName(row.recorderFirst, row.recorderLast) ?? row.recorderEmail ?? 'a former staff member',
            ...(row.reference ? { reference: row.reference } : {}),
            ...(row.note ? { note: row.note } : {}),
          }
        : {}),
    })),
  };
}
