import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimateKey, estimatesKey } from '#client/features/estimates/shared.ts';
import { sendJson } from '#client/lib/api.ts';
import { type BookDropOff, bookedDropOffSchema } from '#domain/self-booking.ts';
import { type BookingSource, bookingUrl } from './booking-source.ts';
import { dropOffLinkKey } from './drop-off-link.ts';
import { windowsKey } from './get-windows.ts';

/** Everything a booking changes: the estimate (status, booking), the lists, the windows, the link's page. */
async function refreshAfterBooking(queryClient: ReturnType<typeof useQueryClient>, source: BookingSource) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: windowsKey(source) }),
    queryClient.invalidateQueries({ queryKey: estimatesKey }),
    source.kind === 'estimate'
      ? queryClient.invalidateQueries({ queryKey: estimateKey(source.estimateId) })
      : queryClient.invalidateQueries({ queryKey: dropOffLinkKey(source.token) }),
  ]);
}

/** POST {date, slot}: books the window, or moves the booking to it (409 when it was just taken). */
export function useBookDropOff(source: BookingSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booking: BookDropOff) => sendJson('POST', bookingUrl(source), booking, bookedDropOffSchema),
    onSettled: () => refreshAfterBooking(queryClient, source),
  });
}

/** DELETE: the customer calls the drop-off off (up to the day before); the estimate is approved again. */
export function useCancelDropOff(estimateId: string) {
  const queryClient = useQueryClient();
  const source: BookingSource = { kind: 'estimate', estimateId };
  return useMutation({
    mutationFn: () => sendJson('DELETE', bookingUrl(source), undefined, bookedDropOffSchema),
    onSettled: () => refreshAfterBooking(queryClient, source),
  });
}
