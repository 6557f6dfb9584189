import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { PaymentIntentReply } from '#domain/payments.ts';

/** Only the estimate is sent: the server works out the amount from the stored estimate. */
export async function createPaymentIntent(estimateId: string): Promise<PaymentIntentReply> {
  const response = await apiRequest('POST', '/api/create-payment-intent', { estimateId });
  return (await response.json()) as PaymentIntentReply;
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
