import type { QueryClient } from '@tanstack/react-query';
import type { Estimate } from '../../../../domain/estimate';
import { estimatesKey } from '../../estimates/api/get-estimates';
import { estimateKey } from './get-estimate';

/** After any change: show the server's answer at once, then refresh the estimate and every list. */
export async function storeUpdatedEstimate(queryClient: QueryClient, estimate: Estimate): Promise<void> {
  queryClient.setQueryData(estimateKey(estimate.id), estimate);
  await queryClient.invalidateQueries({ queryKey: estimatesKey });
}
