import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { vehicleKey } from '#client/features/vehicles/shared.ts';
import { sendJson } from '#client/lib/api.ts';
import { vehicleSchema } from '#domain/estimate-schema.ts';

/** PATCH /api/vehicles/{id} {licensePlate}; every estimate of the vehicle shows the new plate. */
export function useUpdatePlate(vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licensePlate: string) =>
      sendJson('PATCH', `/api/vehicles/${encodeURIComponent(vehicleId)}`, { licensePlate }, vehicleSchema),
    onSuccess: async (vehicle) => {
      queryClient.setQueryData(vehicleKey(vehicle.id), vehicle);
      await queryClient.invalidateQueries({ queryKey: estimatesKey });
    },
  });
}
