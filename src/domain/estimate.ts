import type { Estimate, Vehicle } from './estimate-schema';
import { normalizeStatus } from './estimate-status';
import { toCents } from './money';

export type { Estimate, Vehicle } from './estimate-schema';

/** What the customer pays: the deductible when there is one, else the whole estimate. */
export function amountDueDecimal(
  estimate: Pick<Estimate, 'estimatedAmount' | 'customerDeductible'>,
): string | null {
  return estimate.customerDeductible ?? estimate.estimatedAmount;
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
