import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { paymentConfigSchema } from '#domain/payments.ts';

/** Stripe or the built-in test mode: decides which card form the payment page loads. */
export const paymentConfigQuery = queryOptions({
  queryKey: ['/api/payments/config'] as const,
  queryFn: () => getJson('/api/payments/config', paymentConfigSchema),
});

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery);
}
