import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { estimateSchema } from '#domain/estimate-schema.ts';
import { storeUpdatedEstimate } from './invalidate-estimate.ts';

/** Adds one already uploaded photo to the estimate (PUT {photoURL}). */
export function useAttachPhoto(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoURL: string) =>
      sendJson(
        'PUT',
        `/api/estimates/${encodeURIComponent(estimateId)}/photos`,
        { photoURL },
        estimateSchema,
      ),
    onSuccess: (estimate) => storeUpdatedEstimate(queryClient, estimate),
  });
}
