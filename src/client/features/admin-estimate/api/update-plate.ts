import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '../../../../domain/estimate';
import { apiRequest } from '../../../lib/api';
import { vehicleKey } from '../../estimate-detail/api/get-vehicle';
import { estimatesKey } from '../../estimates/api/get-estimates';

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
