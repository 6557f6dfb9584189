import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { gmailInboxSchema } from '#domain/google.ts';

/** Spec: the inbox polls every 30 s. */
export const GMAIL_POLL_MS = 30_000;

export const gmailInboxQuery = queryOptions({
  queryKey: ['/api/gmail/inbox'] as const,
  queryFn: () => getJson('/api/gmail/inbox', gmailInboxSchema),
  refetchInterval: GMAIL_POLL_MS,
});

export function useGmailInbox() {
  return useQuery(gmailInboxQuery);
}
