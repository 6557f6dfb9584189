import { useEffect, useState } from 'react';
import { reportIfSignedOut } from '#client/components/report-mutation-error.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { useAdminEstimates } from '#client/features/admin-dashboard/api/get-admin-estimates.ts';
import { useAdminSummary } from '#client/features/admin-dashboard/api/get-admin-summary.ts';
import { useMediaQuery } from '#client/features/admin-dashboard/use-media-query.ts';
import type { AdminEstimateListItem } from '#domain/admin-dashboard.ts';
import { EstimateDetailCard, EstimateDetailPanel } from './estimate-detail-panel.tsx';
import { EstimateFilters } from './estimate-filters.tsx';
import { EstimateList } from './estimate-list.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { useEstimateFilters } from './use-estimate-filters.ts';

/** Same breakpoint as Tailwind's lg: from here the detail panel sits beside the list. */
const WIDE_SCREEN = '(min-width: 1024px)';

export function EstimatesTab() {
  const { filters, page, setFilter, setPage, clear, active } = useEstimateFilters();
  const datesInOrder = !filters.from || !filters.to || filters.from <= filters.to;
  const list = useAdminEstimates(filters, page, datesInOrder);
  const { data: summary } = useAdminSummary();
  const [selected, setSelected] = useState<AdminEstimateListItem | null>(null);
  const wide = useMediaQuery(WIDE_SCREEN);
  // The row as the latest poll shows it, while it is on the page; the remembered one otherwise.
  const current = (selected && list.data?.items.find((item) => item.id === selected.id)) || selected;

  // A session that ended while the list was polling: say so and sign in again, as an update would.
  useEffect(() => {
    if (list.error) reportIfSignedOut(list.error);
  }, [list.error]);

  return (
    <div className="space-y-4">
      <EstimateFilters filters={filters} active={active} onChange={setFilter} onClear={clear} />
      {!datesInOrder && (
        <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          The "From" date must be on or before the "To" date.
        </p>
      )}
      <SummaryCards summary={summary} />
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_360px]">
        <EstimateList
          data={datesInOrder ? list.data : undefined}
          isLoading={datesInOrder && list.isLoading}
          isError={list.isError}
          filtered={active}
          selectedId={current?.id ?? null}
          onSelect={setSelected}
          onPage={setPage}
        />
        {wide && (
          <div className="sticky top-20">
            <EstimateDetailCard item={current} />
          </div>
        )}
      </div>
      {!wide && (
        <Dialog open={current !== null} onOpenChange={(open) => !open && setSelected(null)}>
          <DialogContent>
            {current && (
              <>
                <DialogHeader>
                  <DialogTitle>Estimate #{current.reference}</DialogTitle>
                  <DialogDescription>Details and the next step of the repair.</DialogDescription>
                </DialogHeader>
                <EstimateDetailPanel item={current} />
              </>
            )}
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}
