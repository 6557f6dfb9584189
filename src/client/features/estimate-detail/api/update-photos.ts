import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { estimateSchema } from '#domain/estimate-schema.ts';
import { storeUpdatedEstimate } from './invalidate-estimate.ts';

/** Replaces the estimate's photo list (PATCH {photos}); used to remove photos. */
export function useUpdatePhotos(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photos: string[]) =>
      sendJson('PATCH', `/api/estimates/${encodeURIComponent(estimateId)}`, { photos }, estimateSchema),
    onSuccess: (estimate) => storeUpdatedEstimate(queryClient, estimate),
  });
}
