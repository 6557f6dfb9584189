import { queryOptions, useQuery } from '@tanstack/react-query';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { ApiError, getJson } from '#client/lib/api.ts';
import { paymentSummarySchema } from '#domain/payments.ts';

/** Under the estimates key: anything that refreshes the estimates refreshes what is paid and due too. */
export const paymentSummaryKey = (estimateId: string) =>
  [...estimatesKey, estimateId, 'payment-summary'] as const;

export const paymentSummaryQuery = (estimateId: string, enabled = true) =>
  queryOptions({
    queryKey: paymentSummaryKey(estimateId),
    enabled,
    queryFn: () =>
      getJson(`/api/estimates/${encodeURIComponent(estimateId)}/payment-summary`, paymentSummarySchema),
  });

export function usePaymentSummary(estimateId: string, enabled = true) {
  return useQuery(paymentSummaryQuery(estimateId, enabled));
}

/** Missing or someone else's: to the customer it is simply not there. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
