import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import type { Vehicle } from '#domain/estimate.ts';

export const vehicleKey = (vehicleId: string) => ['/api/vehicles', vehicleId] as const;

export const vehicleQuery = (vehicleId: string) =>
  queryOptions({
    queryKey: vehicleKey(vehicleId),
    queryFn: () => getJson<Vehicle>(`/api/vehicles/${encodeURIComponent(vehicleId)}`),
  });

/** Runs only when the estimate names a vehicle. */
export function useVehicle(vehicleId: string | null) {
  return useQuery({ ...vehicleQuery(vehicleId ?? ''), enabled: Boolean(vehicleId) });
}
