import type { QueryClient } from '@tanstack/react-query';
import { estimateKey, estimatesKey } from '#client/features/estimates/shared.ts';
import type { Estimate } from '#domain/estimate.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';

/**
 * After any change: show the server's answer at once (over the open estimate, which keeps its lines
 * when the answer has none), then refresh the estimate and every list.
 */
export async function storeUpdatedEstimate(queryClient: QueryClient, estimate: Estimate): Promise<void> {
  queryClient.setQueryData<EstimateDetail>(estimateKey(estimate.id), (old) =>
    old ? { ...old, ...estimate } : old,
  );
  await queryClient.invalidateQueries({ queryKey: estimatesKey });
}
