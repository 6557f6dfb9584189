import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { estimateSchema } from '#domain/estimate-schema.ts';
import { storeUpdatedEstimate } from './invalidate-estimate.ts';

export type CustomerResponse = 'approved' | 'declined';

/** The customer approves or declines a quote (PATCH {status}). */
export function useRespondToEstimate(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: CustomerResponse) =>
      sendJson('PATCH', `/api/estimates/${encodeURIComponent(estimateId)}`, { status }, estimateSchema),
    onSuccess: (estimate) => storeUpdatedEstimate(queryClient, estimate),
  });
}
