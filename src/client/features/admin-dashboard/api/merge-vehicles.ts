import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { getJson, sendJson } from '#client/lib/api.ts';
import { vehicleSchema } from '#domain/estimate-schema.ts';

/** GET /api/vehicles?customerId=…: one customer's vehicle records, newest first (the merge dialog). */
export const ownerVehiclesQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['/api/vehicles', 'of', customerId] as const,
    queryFn: () =>
      getJson(`/api/vehicles?customerId=${encodeURIComponent(customerId)}`, z.array(vehicleSchema)),
  });

export function useOwnerVehicles(customerId: string, enabled: boolean) {
  return useQuery({ ...ownerVehiclesQuery(customerId), enabled });
}

/**
 * POST /api/admin/vehicles/{id}/merge {intoVehicleId}: the duplicate's estimates move to the kept
 * record and the duplicate is deleted; every list that showed either refreshes.
 */
export function useMergeVehicles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ duplicateId, intoVehicleId }: { duplicateId: string; intoVehicleId: string }) =>
      sendJson(
        'POST',
        `/api/admin/vehicles/${encodeURIComponent(duplicateId)}/merge`,
        { intoVehicleId },
        vehicleSchema,
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin/vehicles'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/vehicles'] }),
        queryClient.invalidateQueries({ queryKey: estimatesKey }),
      ]);
    },
  });
}
