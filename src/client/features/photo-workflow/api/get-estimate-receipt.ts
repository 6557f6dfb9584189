import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, getJson } from '#client/lib/api.ts';
import { type EstimateReceipt, estimateReceiptSchema } from '#domain/estimate-requests.ts';

/** Public: anyone holding the confirmation link may read the reference, status and time, nothing more. */
async function fetchEstimateReceipt(id: string): Promise<EstimateReceipt | null> {
  try {
    return await getJson(`/api/estimates/${encodeURIComponent(id)}/receipt`, estimateReceiptSchema);
  } catch (error) {
    // An unknown or malformed id: a 'not found' page, not an error.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export const estimateReceiptQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/estimates/receipt', id],
    queryFn: () => fetchEstimateReceipt(id),
  });

export function useEstimateReceipt(id: string) {
  return useQuery(estimateReceiptQuery(id));
}
