import type { Estimate, Vehicle } from './estimate-schema.ts';
import { normalizeStatus } from './estimate-status.ts';
import { centsToDecimal, toCents } from './money.ts';
import { paymentAvailability } from './payments.ts';

export type { Estimate, Vehicle } from './estimate-schema.ts';

type PayableFields = Pick<Estimate, 'status' | 'estimatedAmount' | 'customerDeductible' | 'amountPaid'>;

/**
 * The amount 'Make Payment' offers right now, as a decimal string, or null when no payment is offered:
 * approved, scheduled or completed (the balance of a finished repair), the deductible when there is one (else the total), minus what was already paid.
 */
export function paymentOffered(estimate: PayableFields): string | null {
  const availability = paymentAvailability(estimate, toCents(estimate.amountPaid) ?? 0);
  return availability.payable ? centsToDecimal(availability.amountDueCents) : null;
}

export function vehicleTitle(vehicle: Pick<Vehicle, 'year' | 'make' | 'model'> | null): string | null {
  if (!vehicle) return null;
  const parts = [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== null && part !== '');
  return parts.length ? parts.join(' ') : null;
}

/** Short reference shown to customers: the first 8 characters of the id, uppercased. */
export function estimateReference(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

/** A customer may approve or decline only a pending or quoted estimate that has an amount. */
export function canCustomerRespond(estimate: Pick<Estimate, 'status' | 'estimatedAmount'>): boolean {
  const status = normalizeStatus(estimate.status);
  const cents = toCents(estimate.estimatedAmount);
  return (status === 'pending' || status === 'quoted') && cents !== null && cents > 0;
}
