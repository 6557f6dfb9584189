import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '../../../../domain/payments';
import { getJson } from '../../../lib/api';

/** Stripe or the built-in test mode: decides which card form the payment page loads. */
export const paymentConfigQuery = queryOptions({
  queryKey: ['/api/payments/config'] as const,
  queryFn: () => getJson<PaymentConfig>('/api/payments/config'),
});

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery);
}
