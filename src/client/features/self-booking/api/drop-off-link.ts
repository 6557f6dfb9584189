import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, getJson, sendJson } from '#client/lib/api.ts';
import { type DropOffLinkPage, dropOffLinkPageSchema } from '#domain/self-booking.ts';

const base = (token: string) => `/api/drop-off-links/${encodeURIComponent(token)}`;
export const dropOffLinkKey = (token: string) => ['/api/drop-off-links', token] as const;

/** What the link opens: the booking, or "not valid" (404: wrong, tampered or expired). */
export type DropOffLinkState = { kind: 'open'; page: DropOffLinkPage } | { kind: 'notValid' };

async function fetchLink(token: string): Promise<DropOffLinkState> {
  try {
    return { kind: 'open', page: await getJson(base(token), dropOffLinkPageSchema) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'notValid' };
    throw error;
  }
}

export function useDropOffLink(token: string) {
  return useQuery(queryOptions({ queryKey: dropOffLinkKey(token), queryFn: () => fetchLink(token) }));
}

/**
 * "Yes, I'll be there" for one booking: the server records the time once; the page shows it
 * confirmed. A booking moved meanwhile is 409: the page reloads and shows the new time.
 */
export function useConfirmDropOff(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appointmentId: string) =>
      sendJson('POST', `${base(token)}/confirm`, { appointmentId }, dropOffLinkPageSchema),
    onSuccess: (page) => queryClient.setQueryData(dropOffLinkKey(token), { kind: 'open', page }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: dropOffLinkKey(token) });
      }
    },
  });
}
