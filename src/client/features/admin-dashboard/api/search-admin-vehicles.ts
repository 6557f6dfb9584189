import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { adminVehicleListSchema } from '#domain/admin-dashboard.ts';

export const adminVehiclesQuery = (q: string) =>
  queryOptions({
    queryKey: ['/api/admin/vehicles', q] as const,
    queryFn: () => getJson(`/api/admin/vehicles?q=${encodeURIComponent(q)}`, adminVehicleListSchema),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** Vehicles by plate, make/model, VIN or owner; the newest ones when `q` is empty. */
export function useAdminVehicles(q: string) {
  return useQuery(adminVehiclesQuery(q));
}
