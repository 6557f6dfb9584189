import type { Estimate, Vehicle } from './estimate-schema';

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
