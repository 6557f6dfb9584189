import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { estimateKey, estimatesKey } from '#client/features/estimates/shared.ts';
import { messagesKey } from '#client/features/messages/shared.ts';
import { getJson } from '#client/lib/api.ts';
import { type AdminEstimateDetails, adminEstimateDetailsSchema } from '#domain/admin-estimates.ts';

/** Under the estimate's own key: any change that refreshes the estimate or the list refreshes this too. */
export const adminEstimateKey = (id: string) => [...estimateKey(id), 'admin-details'] as const;

export const adminEstimateQuery = (id: string) =>
  queryOptions({
    queryKey: adminEstimateKey(id),
    queryFn: () =>
      getJson(`/api/admin/estimates/${encodeURIComponent(id)}/details`, adminEstimateDetailsSchema),
    // The customer may answer while the page is open: pick that up like the lists do.
    refetchInterval: 15_000,
  });

export function useAdminEstimate(id: string) {
  return useQuery(adminEstimateQuery(id));
}

/**
 * After an action: show the server's answer at once, then refresh the lists and the conversation
 * (every action leaves a note in it).
 */
export async function storeAdminEstimate(queryClient: QueryClient, details: AdminEstimateDetails) {
  queryClient.setQueryData(adminEstimateKey(details.estimate.id), details);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: estimatesKey }),
    queryClient.invalidateQueries({ queryKey: messagesKey(details.estimate.id) }),
  ]);
}
