import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { messageListSchema } from '#domain/messages.ts';

/** Spec: the message box polls every 30 s. */
export const MESSAGES_POLL_MS = 30_000;

export const messagesKey = (estimateId: string) => [`/api/estimates/${estimateId}/messages`] as const;

export const messagesQuery = (estimateId: string) =>
  queryOptions({
    queryKey: messagesKey(estimateId),
    queryFn: () => getJson(`/api/estimates/${encodeURIComponent(estimateId)}/messages`, messageListSchema),
    refetchInterval: MESSAGES_POLL_MS,
  });

/** Oldest first, as the server sends them. */
export function useMessages(estimateId: string) {
  return useQuery(messagesQuery(estimateId));
}
