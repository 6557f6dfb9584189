import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { Estimate } from '#domain/estimate.ts';
import { storeUpdatedEstimate } from './invalidate-estimate.ts';

/** Replaces the estimate's photo list (PATCH {photos}); used to remove photos. */
export function useUpdatePhotos(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (photos: string[]) =>
      (
        await apiRequest('PATCH', `/api/estimates/${encodeURIComponent(estimateId)}`, { photos })
      ).json() as Promise<Estimate>,
    onSuccess: (estimate) => storeUpdatedEstimate(queryClient, estimate),
  });
}
