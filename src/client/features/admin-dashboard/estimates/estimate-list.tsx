import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { type AdminEstimateListItem, type AdminEstimatePage, pageCount } from '#domain/admin-dashboard.ts';
import { EstimateListRow } from './estimate-list-row.tsx';

interface EstimateListProps {
  data: AdminEstimatePage | undefined;
  isLoading: boolean;
  isError: boolean;
  filtered: boolean;
  selectedId: string | null;
  /** Rows select an estimate; without it each row links to the estimate's page. */
  onSelect?: (estimate: AdminEstimateListItem) => void;
  onPage: (page: number) => void;
  title?: string;
}

/** One page of estimates (the server pages and filters), with Previous / Next. */
export function EstimateList({
  data,
  isLoading,
  isError,
  filtered,
  selectedId,
  onSelect,
  onPage,
  title = 'Estimates',
}: EstimateListProps) {
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const page = data?.page ?? 1;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        {data && (
          <p className="text-sm text-slate-500" aria-live="polite">
            {data.total.toLocaleString('en-US')} {filtered ? 'matching' : 'in total'}
          </p>
        )}
      </CardHeader>
      <CardContent className="px-2 sm:px-3">
        {isError && (
          <p role="alert" className="mx-2 mb-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
            We couldn't load the estimates just now. We'll keep trying.
          </p>
        )}
        {isLoading ? (
          <Spinner className="py-12" label="Loading estimates" />
        ) : data && data.items.length > 0 ? (
          <ul aria-label={title} className="space-y-1">
            {data.items.map((estimate) => (
              <EstimateListRow
                key={estimate.id}
                estimate={estimate}
                selected={estimate.id === selectedId}
                onSelect={onSelect}
              />
            ))}
          </ul>
        ) : data && data.total > 0 ? (
          <div className="mx-2 flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
            There is nothing on this page.
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => onPage(1)}>
              Go to the first page
            </Button>
          </div>
        ) : data ? (
          <p className="mx-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
            {filtered ? 'No estimates match these filters.' : 'No estimates yet.'}
          </p>
        ) : null}

        {data && (pages > 1 || page > 1) && (
          <Pager page={page} pages={pages} onPage={onPage} label="Pages" className="px-2" />
        )}
      </CardContent>
    </Card>
  );
}
