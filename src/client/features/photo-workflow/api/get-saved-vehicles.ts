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

/** Only for customers: the shop's list holds every customer's cars, and it picks a customer instead. */
export function useSavedVehicles(enabled: boolean) {
  return useQuery({ ...savedVehiclesQuery, enabled });
}

/**
 * Each estimate stores its own copy of the vehicle, so a customer who came twice with one car has it
 * twice: only the newest of copies that would fill in exactly the same fields is kept.
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
