import { useMutation } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { type PaymentIntentReply, paymentIntentReplySchema } from '#domain/payments.ts';

/** Only the estimate is sent: the server works out the amount from the stored estimate. */
export function createPaymentIntent(estimateId: string): Promise<PaymentIntentReply> {
  return sendJson('POST', '/api/create-payment-intent', { estimateId }, paymentIntentReplySchema);
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
