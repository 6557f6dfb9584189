import { queryOptions, useQuery } from '@tanstack/react-query';
import { estimateKey } from '#client/features/estimates/shared.ts';
import { getJson } from '#client/lib/api.ts';
import { lienNoticeStatusSchema } from '#domain/storage.ts';

/** Under the estimate's key: a payment or a pickup refreshes it with the rest of the page. */
export const lienNoticeKey = (id: string) => [...estimateKey(id), 'lien-notice'] as const;

export function useLienNotice(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: lienNoticeKey(id),
      queryFn: () =>
        getJson(`/api/admin/estimates/${encodeURIComponent(id)}/lien-notice`, lienNoticeStatusSchema),
      enabled,
    }),
  );
}

/** The PDF's address: opened in a new tab, it is produced (and recorded) when the tab loads it. */
export const lienNoticePdfUrl = (id: string) =>
  `/api/admin/estimates/${encodeURIComponent(id)}/lien-notice.pdf`;
