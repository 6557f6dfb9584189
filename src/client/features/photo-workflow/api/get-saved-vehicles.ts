import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '#client/lib/api.ts';
import { type Vehicle, vehicleSchema } from '#domain/estimate-schema.ts';

const vehicleListSchema = z.array(vehicleSchema);

/** GET /api/vehicles: the customer's own vehicles, newest first. */
export const savedVehiclesQuery = queryOptions({
  queryKey: ['/api/vehicles', 'saved'] as const,
  queryFn: () => getJson('/api/vehicles', vehicleListSchema),
  select: distinctVehicles,
});

/** The cars of the customer the shop picked (GET /api/vehicles?customerId=…), for the staff form. */
export const customerVehiclesQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['/api/vehicles', 'of', customerId] as const,
    queryFn: () => getJson(`/api/vehicles?customerId=${encodeURIComponent(customerId)}`, vehicleListSchema),
    select: distinctVehicles,
  });

/**
 * A customer's own cars; for the shop, those of the customer it picked (none before a pick: the
 * shop's own list would hold every customer's cars).
 */
export function useSavedVehicles(isStaff: boolean, customerId: string | null = null) {
  const own = useQuery({ ...savedVehiclesQuery, enabled: !isStaff });
  const picked = useQuery({ ...customerVehiclesQuery(customerId ?? ''), enabled: isStaff && !!customerId });
  if (!isStaff) return own.data ?? [];
  return customerId ? (picked.data ?? []) : [];
}

/**
 * One car is one record now (decision 064), but records stored before may hold a car twice until the
 * shop merges them: only the newest of copies that would fill in exactly the same fields is offered.
 */
export function distinctVehicles(vehicles: Vehicle[]): Vehicle[] {
  const seen = new Set<string>();
  return vehicles.filter((vehicle) => {
    const key = [vehicle.year, vehicle.make, vehicle.model, vehicle.licensePlate, vehicle.vin]
      .map((part) =>
        String(part ?? '')
          .trim()
          .toUpperCase(),
      )
      .join('|');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
