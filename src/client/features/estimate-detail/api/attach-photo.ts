import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Estimate } from '../../../../domain/estimate';
import { apiRequest } from '../../../lib/api';
import { storeUpdatedEstimate } from './invalidate-estimate';

/** Adds one already uploaded photo to the estimate (PUT {photoURL}). */
export function useAttachPhoto(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (photoURL: string) =>
      (
        await apiRequest('PUT', `/api/estimates/${encodeURIComponent(estimateId)}/photos`, { photoURL })
      ).json() as Promise<Estimate>,
    onSuccess: (estimate) => storeUpdatedEstimate(queryClient, estimate),
  });
}
