import { useMutation } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { type TestCardPaymentInput, testCardPaymentReplySchema } from '#domain/payments.ts';

/** The signed-in payment page's endpoint, or a payment link's (`/api/pay/<token>/test-payments/confirm`). */
export function useConfirmTestCard(url = '/api/test-payments/confirm') {
  return useMutation({
    mutationFn: (input: TestCardPaymentInput) => sendJson('POST', url, input, testCardPaymentReplySchema),
  });
}
