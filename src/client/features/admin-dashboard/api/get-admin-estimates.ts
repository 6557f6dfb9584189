import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  type AdminEstimateFilters,
  adminEstimatePageSchema,
  adminEstimatesUrl,
} from '#domain/admin-dashboard.ts';
import { adminDashboardKey } from './admin-dashboard-keys.ts';

/** Spec: estimate lists are polled every 5 s; one page is small, so this stays cheap. */
const POLL_MS = 5000;

export const adminEstimatesQuery = (filters: AdminEstimateFilters, page: number, enabled = true) => {
  const url = adminEstimatesUrl(filters, page, ADMIN_PAGE_SIZE_DEFAULT);
  return queryOptions({
    queryKey: [...adminDashboardKey, 'list', url] as const,
    queryFn: () => getJson(url, adminEstimatePageSchema),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    // While the next page or filter loads, the current rows stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
    enabled,
  });
};

export function useAdminEstimates(filters: AdminEstimateFilters, page: number, enabled = true) {
  return useQuery(adminEstimatesQuery(filters, page, enabled));
}
