import { useMutation } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { type TestCardPaymentInput, testCardPaymentReplySchema } from '#domain/payments.ts';

export function useConfirmTestCard() {
  return useMutation({
    mutationFn: (input: TestCardPaymentInput) =>
      sendJson('POST', '/api/test-payments/confirm', input, testCardPaymentReplySchema),
  });
}
