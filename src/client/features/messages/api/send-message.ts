import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '../../../../domain/messages';
import { apiRequest } from '../../../lib/api';
import { estimatesKey } from '../../estimates/api/get-estimates';
import { messagesKey } from './get-messages';

/** Posts a message; the server decides whose side it is on from the signed-in role. */
export function useSendMessage(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) =>
      (
        await apiRequest('POST', `/api/estimates/${encodeURIComponent(estimateId)}/messages`, { content })
      ).json() as Promise<Message>,
    onSuccess: async (message) => {
      // Show it at once, then pick up anything the other side wrote meanwhile.
      queryClient.setQueryData<Message[]>(messagesKey(estimateId), (current = []) =>
        current.some((item) => item.id === message.id) ? current : [...current, message],
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messagesKey(estimateId) }),
        queryClient.invalidateQueries({ queryKey: estimatesKey }),
      ]);
    },
  });
}
