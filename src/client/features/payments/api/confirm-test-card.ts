import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { TestCardPaymentInput, TestCardPaymentReply } from '#domain/payments.ts';

export function useConfirmTestCard() {
  return useMutation({
    mutationFn: async (input: TestCardPaymentInput) =>
      (await apiRequest('POST', '/api/test-payments/confirm', input)).json() as Promise<TestCardPaymentReply>,
  });
}
