import { toCents } from './money.ts';

/** Spec: deductible plus coverage may differ from the total by at most one cent. */
export const BILLING_TOLERANCE_CENTS = 1;

export const BILLING_MISMATCH_MESSAGE =
  'Customer deductible and insurance coverage must add up to the total estimate amount.';
export const BILLING_PART_TOO_LARGE_MESSAGE =
  'The customer deductible and the insurance coverage cannot be more than the total estimate amount.';

type Amount = string | number | null | undefined;

export interface BillingAmounts {
  estimatedAmount: Amount;
  customerDeductible?: Amount;
  insuranceCoverage?: Amount;
}

/**
 * 'match' / 'mismatch' when both deductible and coverage are above 0 (only then does the spec
 * compare their sum with the total); 'not-split' otherwise. The admin form shows it as a live hint.
 */
export function billingSplit({
  estimatedAmount,
  customerDeductible,
  insuranceCoverage,
}: BillingAmounts): 'match' | 'mismatch' | 'not-split' {
  const deductible = toCents(customerDeductible) ?? 0;
  const coverage = toCents(insuranceCoverage) ?? 0;
  if (deductible <= 0 || coverage <= 0) return 'not-split';
  const total = toCents(estimatedAmount) ?? 0;
  return Math.abs(deductible + coverage - total) > BILLING_TOLERANCE_CENTS ? 'mismatch' : 'match';
}

/** The message that refuses these amounts, or null when they may be saved. */
export function billingError(amounts: BillingAmounts): string | null {
  if (billingSplit(amounts) === 'mismatch') return BILLING_MISMATCH_MESSAGE;
  // One part alone larger than the whole would make the customer owe more than the repair costs.
  const total = toCents(amounts.estimatedAmount);
  if (total !== null) {
    for (const part of [amounts.customerDeductible, amounts.insuranceCoverage]) {
      const cents = toCents(part);
      if (cents !== null && cents > total + BILLING_TOLERANCE_CENTS) return BILLING_PART_TOO_LARGE_MESSAGE;
    }
  }
  return null;
}

/** The word for the customer's part of the bill: an insurer's 'deductible', else simply their share. */
export type CustomerShareTerm = 'deductible' | 'share';

/**
 * A job is an insurance job when an insurer is named or pays something; only then is the customer's
 * part a deductible. A cash job's part is the customer's share (calling it a deductible misleads).
 */
export function customerShareTerm({
  insuranceCompany,
  insuranceCoverage,
}: {
  insuranceCompany?: string | null;
  insuranceCoverage?: Amount;
}): CustomerShareTerm {
  if (insuranceCompany) return 'deductible';
  return (toCents(insuranceCoverage) ?? 0) > 0 ? 'deductible' : 'share';
}
