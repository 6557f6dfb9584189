import type { QueryClient } from '@tanstack/react-query';
import { estimateKey, estimatesKey } from '#client/features/estimates/shared.ts';
import type { Estimate } from '#domain/estimate.ts';

/** After any change: show the server's answer at once, then refresh the estimate and every list. */
export async function storeUpdatedEstimate(queryClient: QueryClient, estimate: Estimate): Promise<void> {
  queryClient.setQueryData(estimateKey(estimate.id), estimate);
  await queryClient.invalidateQueries({ queryKey: estimatesKey });
}
