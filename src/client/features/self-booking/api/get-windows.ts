import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { DEFAULT_WINDOW_DAYS, openWindowListSchema } from '#domain/self-booking.ts';
import { type BookingSource, bookingUrl, sourceKey } from './booking-source.ts';

export const windowsKey = (source: BookingSource) => ['drop-off-windows', sourceKey(source)] as const;

/** The open windows of DEFAULT_WINDOW_DAYS days from `from` (the server starts no earlier than it allows). */
export function useDropOffWindows(source: BookingSource, from: string | null) {
  const query = new URLSearchParams({ days: String(DEFAULT_WINDOW_DAYS) });
  if (from) query.set('from', from);
  return useQuery({
    ...queryOptions({
      queryKey: [...windowsKey(source), from] as const,
      queryFn: () => getJson(`${bookingUrl(source)}/windows?${query}`, openWindowListSchema),
    }),
    // Paging to later days keeps the current list on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}
