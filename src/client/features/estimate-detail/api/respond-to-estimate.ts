import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { estimateDetailSchema } from '#domain/estimate-detail.ts';
import { storeUpdatedEstimate } from './invalidate-estimate.ts';

export type CustomerResponse = 'approved' | 'declined';

/** The customer approves (leaving out the optional lines they decline) or declines a quote: PATCH {status}. */
export function useRespondToEstimate(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ status, declinedLineIds }: { status: CustomerResponse; declinedLineIds?: string[] }) =>
      sendJson(
        'PATCH',
        `/api/estimates/${encodeURIComponent(estimateId)}`,
        declinedLineIds && declinedLineIds.length > 0 ? { status, declinedLineIds } : { status },
        estimateDetailSchema,
      ),
    onSuccess: (estimate) => storeUpdatedEstimate(queryClient, estimate),
  });
}
