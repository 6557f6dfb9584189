import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { vehicleSchema } from '#domain/estimate-schema.ts';

export const vehicleKey = (vehicleId: string) => ['/api/vehicles', vehicleId] as const;

export const vehicleQuery = (vehicleId: string) =>
  queryOptions({
    queryKey: vehicleKey(vehicleId),
    queryFn: () => getJson(`/api/vehicles/${encodeURIComponent(vehicleId)}`, vehicleSchema),
  });

/** Runs only when the estimate names a vehicle. */
export function useVehicle(vehicleId: string | null) {
  return useQuery({ ...vehicleQuery(vehicleId ?? ''), enabled: Boolean(vehicleId) });
}
