import { useSearchParams } from 'wouter';
import {
  ADMIN_STATUS_FILTERS,
  type AdminEstimateFilters,
  type AdminStatusFilter,
  isCalendarDate,
} from '#domain/admin-dashboard.ts';

type FilterName = 'status' | 'q' | 'from' | 'to' | 'balanceDue';

/**
 * The list's filters and page live in the address (?status=quoted&q=civic&page=2): a reload or the
 * browser's Back button brings the same list back. Anything unreadable there is ignored.
 */
export function useEstimateFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const filters: AdminEstimateFilters = {
    status: ADMIN_STATUS_FILTERS.find((candidate) => candidate === status) as AdminStatusFilter | undefined,
    q: params.get('q')?.trim() || undefined,
    from: from && isCalendarDate(from) ? from : undefined,
    to: to && isCalendarDate(to) ? to : undefined,
    balanceDue: params.get('balanceDue') === 'true' ? 'true' : undefined,
  };
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1;

  const change = (edit: (next: URLSearchParams) => void) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        edit(next);
        return next;
      },
      { replace: true },
    );

  /** New filters start again at the first page. */
  const setFilter = (name: FilterName, value: string) =>
    change((next) => {
      if (value.trim()) next.set(name, value.trim());
      else next.delete(name);
      next.delete('page');
    });

  const setPage = (nextPage: number) =>
    change((next) => {
      if (nextPage > 1) next.set('page', String(nextPage));
      else next.delete('page');
    });

  const clear = () =>
    change((next) => {
      for (const name of ['status', 'q', 'from', 'to', 'balanceDue', 'page']) next.delete(name);
    });

  const active = Boolean(filters.status || filters.q || filters.from || filters.to || filters.balanceDue);
  return { filters, page, setFilter, setPage, clear, active };
}
