import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { Estimate } from '#domain/estimate.ts';
import { storeUpdatedEstimate } from './invalidate-estimate.ts';

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
