import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { messagesKey } from '#client/features/messages/shared.ts';
import { sendJson } from '#client/lib/api.ts';
import { type RecordPaymentInput, recordedPaymentSchema } from '#domain/recorded-payments.ts';

/**
 * Staff record a payment taken outside the app. Afterwards the estimate (its paid amount), the lists,
 * the payment summary (under the estimates key) and the conversation (the payment's note) refresh.
 */
export function useRecordPayment(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordPaymentInput) =>
      sendJson(
        'POST',
        `/api/admin/estimates/${encodeURIComponent(estimateId)}/payments`,
        input,
        recordedPaymentSchema,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: estimatesKey }),
        queryClient.invalidateQueries({ queryKey: messagesKey(estimateId) }),
      ]),
  });
}
