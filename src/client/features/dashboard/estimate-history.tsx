import { useSearchParams } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Pager } from '#client/components/ui/pager.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { EstimateRow, useEstimatePage } from '#client/features/estimates/shared.ts';
import { useT } from '#client/i18n/use-t.ts';

/** The page in the address (?page=2), so a reload or Back brings the same page; anything else is page 1. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  const setPage = (next: number) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next > 1) updated.set('page', String(next));
        else updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  return [page, setPage];
}

/** The customer's whole history, newest first, a page at a time (the server pages it). */
export function EstimateHistory() {
  const t = useT();
  const title = t('home.history.title');
  const [page, setPage] = usePageParam();
  const { data, isLoading, isError } = useEstimatePage(page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? first + data.items.length - 1 : 0;

  return (
    <Card id="all-estimates">
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2">
        <CardTitle>{title}</CardTitle>
        {data && data.items.length > 0 && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('home.history.range', { first, last, total: data.total })}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {isError && !data && (
          <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
            {t('home.loadError')}
          </p>
        )}
        {isLoading ? (
          <Spinner className="py-8" />
        ) : data && data.items.length > 0 ? (
          <ul aria-label={title} className="divide-y divide-slate-100">
            {data.items.map((estimate) => (
              <EstimateRow key={estimate.id} estimate={estimate} withDate />
            ))}
          </ul>
        ) : data && data.total > 0 ? (
          <p className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
            {t('home.history.nothingOnPage')}
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setPage(1)}>
              {t('home.history.firstPage')}
            </Button>
          </p>
        ) : data ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{t('home.noEstimates')}</p>
        ) : null}

        {data && (pages > 1 || page > 1) && (
          <Pager page={page} pages={pages} onPage={setPage} label={t('home.history.pagesLabel')} />
        )}
      </CardContent>
    </Card>
  );
}
