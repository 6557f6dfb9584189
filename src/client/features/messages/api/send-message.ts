import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { sendJson } from '#client/lib/api.ts';
import { type Message, messageSchema } from '#domain/messages.ts';
import { messagesKey } from './get-messages.ts';

/**
 * Posts a message; the server decides whose side it is on from the signed-in role. A staff reply
 * carries `upToMessageId`, the newest customer message it answers (answered-up-to.ts).
 */
export function useSendMessage(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, upToMessageId }: { content: string; upToMessageId?: string }) =>
      sendJson(
        'POST',
        `/api/estimates/${encodeURIComponent(estimateId)}/messages`,
        { content, ...(upToMessageId ? { upToMessageId } : {}) },
        messageSchema,
      ),
    onSuccess: (message) => {
      // Show it at once, then pick up anything the other side wrote meanwhile. Not awaited: the
      // send is done, and the box should be free for the next message straight away.
      queryClient.setQueryData<Message[]>(messagesKey(estimateId), (current = []) =>
        current.some((item) => item.id === message.id) ? current : [...current, message],
      );
      void queryClient.invalidateQueries({ queryKey: messagesKey(estimateId) });
      void queryClient.invalidateQueries({ queryKey: estimatesKey });
    },
  });
}
