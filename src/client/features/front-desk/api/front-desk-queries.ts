import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { getJson, sendJson } from '#client/lib/api.ts';
import {
  awaitingCustomerSchema,
  inboxSchema,
  type MarkHandledInput,
  markHandledResultSchema,
} from '#domain/front-desk.ts';

/**
 * Under the estimates key: a message sent from any page (the staff reply that clears a row, or a
 * customer's answer) and every estimate change refresh the desk.
 */
const frontDeskKey = [...estimatesKey, 'front-desk'] as const;

/** Waits move on by the minute and customers write at any time: polled, and fresh on return to the tab. */
const POLL_MS = 30_000;

export const inboxQuery = queryOptions({
  queryKey: [...frontDeskKey, 'inbox'] as const,
  queryFn: () => getJson('/api/admin/inbox', inboxSchema),
  refetchInterval: POLL_MS,
  refetchOnWindowFocus: 'always',
});

export function useInbox() {
  return useQuery(inboxQuery);
}

export function useAwaitingCustomer() {
  return useQuery({
    queryKey: [...frontDeskKey, 'awaiting-customer'] as const,
    queryFn: () => getJson('/api/admin/awaiting-customer', awaitingCustomerSchema),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * "Mark handled": the estimate's waiting messages leave the inbox without a reply, up to the newest
 * the desk showed (`upToMessageId`); one written since stays.
 */
export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ estimateId, upToMessageId }: { estimateId: string; upToMessageId: string }) =>
      sendJson(
        'POST',
        `/api/admin/estimates/${encodeURIComponent(estimateId)}/messages/handled`,
        { upToMessageId } satisfies MarkHandledInput,
        markHandledResultSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: frontDeskKey }),
  });
}
