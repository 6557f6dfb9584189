import { useSearchParams } from 'wouter';

export type AdminTab = 'estimates' | 'calendar' | 'customers' | 'vehicles' | 'google';
const TABS: readonly AdminTab[] = ['estimates', 'calendar', 'customers', 'vehicles', 'google'];

/**
 * The open tab lives in the address (?tab=customers), so coming back from an estimate with the
 * browser's Back button lands on the same tab.
 */
export function useAdminTab(): [AdminTab, (tab: AdminTab) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab = TABS.find((candidate) => candidate === current) ?? 'estimates';
  const setTab = (next: AdminTab) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next === 'estimates') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, setTab];
}
