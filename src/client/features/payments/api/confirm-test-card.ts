import { useMutation } from '@tanstack/react-query';
import type { TestCardPaymentInput, TestCardPaymentReply } from '../../../../domain/payments';
import { apiRequest } from '../../../lib/api';

export function useConfirmTestCard() {
  return useMutation({
    mutationFn: async (input: TestCardPaymentInput) =>
      (await apiRequest('POST', '/api/test-payments/confirm', input)).json() as Promise<TestCardPaymentReply>,
  });
}
