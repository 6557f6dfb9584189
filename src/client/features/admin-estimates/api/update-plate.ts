import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vehicleKey } from '#client/features/estimate-detail/shared.ts';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { apiRequest } from '#client/lib/api.ts';
import type { Vehicle } from '#domain/estimate.ts';

/** PATCH /api/vehicles/{id} {licensePlate}; every estimate of the vehicle shows the new plate. */
export function useUpdatePlate(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (licensePlate: string) =>
      (
        await apiRequest('PATCH', `/api/vehicles/${encodeURIComponent(vehicleId)}`, { licensePlate })
      ).json() as Promise<Vehicle>,
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(vehicleKey(vehicle.id), vehicle);
      await queryClient.invalidateQueries({ queryKey: estimatesKey });
    },
  });
}
