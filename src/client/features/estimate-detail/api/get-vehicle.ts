import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '../../../../domain/estimate';
import { getJson } from '../../../lib/api';

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
