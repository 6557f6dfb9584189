import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { Estimate } from '#domain/estimate.ts';
import { storeUpdatedEstimate } from './invalidate-estimate.ts';

export type CustomerResponse = 'approved' | 'declined';

/** The customer approves or declines a quote (PATCH {status}). */
export function useRespondToEstimate(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: CustomerResponse) =>
      (
        await apiRequest('PATCH', `/api/estimates/${encodeURIComponent(estimateId)}`, { status })
      ).json() as Promise<Estimate>,
    onSuccess: (estimate) => storeUpdatedEstimate(queryClient, estimate),
  });
}
