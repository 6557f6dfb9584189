import { useLocation, useSearch } from 'wouter';

const PATH = '/admin/calendar';

/** The month in the address (?month=YYYY-MM), so a month can be linked and the back button works. */
export function useMonthParam(): [string | null, (month: string) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const month = new URLSearchParams(search).get('month');
  return [month, (next: string) => navigate(`${PATH}?month=${encodeURIComponent(next)}`)];
}
