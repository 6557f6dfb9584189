import { queryOptions, useQuery } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { paymentConfirmationSchema } from '#domain/payments.ts';

/**
 * The success page asks the server whether the payment went through; the server asks the provider.
 * A POST because the answer is also recorded, but asking twice is harmless.
 */
export const paymentConfirmationQuery = (paymentIntentId: string, estimateId: string | null) =>
  queryOptions({
    queryKey: ['/api/payments/confirm', paymentIntentId, estimateId] as const,
    queryFn: () =>
      sendJson(
        'POST',
        '/api/payments/confirm',
        { paymentIntentId, ...(estimateId && { estimateId }) },
        paymentConfirmationSchema,
      ),
    // A payment still being processed by the card network is asked about again until it settles.
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 3000 : false),
  });

export function usePaymentConfirmation(paymentIntentId: string, estimateId: string | null) {
  return useQuery(paymentConfirmationQuery(paymentIntentId, estimateId));
}
