import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import type { PaymentConfig } from '#domain/payments.ts';

/** Stripe or the built-in test mode: decides which card form the payment page loads. */
export const paymentConfigQuery = queryOptions({
  queryKey: ['/api/payments/config'] as const,
  queryFn: () => getJson<PaymentConfig>('/api/payments/config'),
});

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery);
}
