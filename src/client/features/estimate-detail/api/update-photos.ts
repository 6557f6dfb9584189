import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Estimate } from '../../../../domain/estimate';
import { apiRequest } from '../../../lib/api';
import { storeUpdatedEstimate } from './invalidate-estimate';

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
