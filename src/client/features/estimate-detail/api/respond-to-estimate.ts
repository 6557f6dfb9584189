import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimateKey } from '#client/features/estimates/shared.ts';
import { sendJson } from '#client/lib/api.ts';
import { estimateDetailSchema } from '#domain/estimate-detail.ts';
import { storeUpdatedEstimate } from './invalidate-estimate.ts';

export type CustomerResponse = 'approved' | 'declined';

/**
 * The customer approves (leaving out the optional lines they decline) or declines a quote: PATCH
 * {status}. An approval names the total the customer saw (expectedAmount): a quote changed since is
 * refused with 409, and the estimate is read again so the page shows the new total.
 */
export function useRespondToEstimate(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      status,
      declinedLineIds,
      expectedAmount,
    }: {
      status: CustomerResponse;
      declinedLineIds?: string[];
      expectedAmount?: string | undefined;
    }) =>
      sendJson(
        'PATCH',
        `/api/estimates/${encodeURIComponent(estimateId)}`,
        {
          status,
          ...(declinedLineIds && declinedLineIds.length > 0 ? { declinedLineIds } : {}),
          ...(status === 'approved' && expectedAmount !== undefined ? { expectedAmount } : {}),
        },
        estimateDetailSchema,
      ),
    onSuccess: (estimate) => storeUpdatedEstimate(queryClient, estimate),
    onError: () => queryClient.invalidateQueries({ queryKey: estimateKey(estimateId) }),
  });
}
