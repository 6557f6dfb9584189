import { Camera } from 'lucide-react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FullPageSpinner } from '#client/components/ui/spinner.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import {
  EstimateThumbnail,
  SupplementAwaitingBadge,
  useEstimates,
} from '#client/features/estimates/shared.ts';
import { useT } from '#client/i18n/use-t.ts';
import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import { formatMoney } from '#domain/money.ts';
import { pickActiveRepair } from './active-repair.ts';
import { EstimateHistory } from './estimate-history.tsx';
import { ProgressStrip } from './progress-strip.tsx';

export function DashboardPage() {
  const t = useT();
  const { data: estimates, isLoading, isError } = useEstimates();
  if (isLoading) return <FullPageSpinner />;
  const list = estimates ?? [];
  const activeRepair = pickActiveRepair(list);

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">{t('home.dashboard.title')}</h1>
          <p className="text-slate-600">{t('home.dashboard.subtitle')}</p>
        </div>
        <Link
          href="/estimate"
          className="inline-flex h-11 items-center gap-2 rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <Camera className="size-4" aria-hidden="true" />
          {t('home.newEstimate')}
        </Link>
      </div>

      {isError && (
        <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {t('home.loadError')}
        </p>
      )}

      <Card>
        <CardHeader>
          <CardTitle>{t('home.dashboard.activeRepair')}</CardTitle>
        </CardHeader>
        <CardContent>
          {activeRepair ? (
            <div className="space-y-5">
              <div className="flex items-start gap-3">
                <EstimateThumbnail estimate={activeRepair} />
                <div className="min-w-0 flex-1">
                  <p className="text-lg font-semibold text-slate-900">
                    {vehicleTitle(activeRepair.vehicle) ?? t('home.noVehicle')}
                  </p>
                  <p className="text-sm text-slate-500">
                    {t('home.estimateNumber', { reference: estimateReference(activeRepair.id) })}
                    {activeRepair.estimatedAmount && ` · ${formatMoney(activeRepair.estimatedAmount)}`}
                  </p>
                  <div className="mt-1.5 flex flex-wrap items-center gap-2">
                    <StatusBadge status={activeRepair.status} />
                    {activeRepair.supplementAwaiting && <SupplementAwaitingBadge />}
                  </div>
                </div>
              </div>
              <ProgressStrip status={activeRepair.status} />
              <Link
                href={`/estimate/${activeRepair.id}`}
                className="inline-block text-sm font-semibold text-brand-700 hover:underline"
              >
                {t('home.dashboard.viewDetails')}
              </Link>
            </div>
          ) : (
            <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
              {t('home.dashboard.noActive')}
            </p>
          )}
        </CardContent>
      </Card>

      <EstimateHistory />
    </main>
  );
}
