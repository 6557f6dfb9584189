import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { FullPageSpinner } from '#client/components/ui/spinner.tsx';
import { isEstimateMissing, useEstimate } from '#client/features/estimates/shared.ts';
import { MessageBox } from '#client/features/messages/shared.ts';
import { AuthorizationCard } from '#client/features/repair-authorizations/shared.ts';
import { StatusLinkControls } from '#client/features/status-links/shared.ts';
import { useVehicle } from '#client/features/vehicles/shared.ts';
import { useT } from '#client/i18n/use-t.ts';
import { DamagePhotosCard } from './damage-photos-card.tsx';
import { EstimateNotFound } from './estimate-not-found.tsx';
import { EstimateSummaryCard } from './estimate-summary-card.tsx';
import { NeedHelpCard } from './need-help-card.tsx';
import { RepairCards } from './repair-cards.tsx';
import { StatusInfoCard } from './status-info-card.tsx';
import { VehicleInfoCard } from './vehicle-info-card.tsx';

/** /estimate/{id}: one of the customer's estimates, what they can do with it, and the conversation. */
export function EstimateDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const t = useT();
  const { data: estimate, isLoading, error, refetch, isFetching } = useEstimate(id);
  const { data: vehicle } = useVehicle(estimate?.vehicleId ?? null);

  if (isLoading) return <FullPageSpinner />;
  if (!estimate) {
    if (!error || isEstimateMissing(error)) return <EstimateNotFound />;
    return (
      <main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-10 text-center">
        <p role="alert" className="rounded-lg bg-brand-50 p-4 text-sm text-brand-800">
          {t('estimate.page.loadFailed')}
        </p>
        <Button variant="secondary" onClick={() => refetch()} disabled={isFetching}>
          {t('estimate.page.tryAgain')}
        </Button>
      </main>
    );
  }

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-4 px-4 py-4 sm:py-8">
      <Link
        href="/dashboard"
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3' })}
      >
        <ArrowLeft aria-hidden="true" />
        {t('estimate.page.back')}
      </Link>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <EstimateSummaryCard estimate={estimate} />
          <RepairCards estimate={estimate} />
          <VehicleInfoCard vehicle={vehicle ?? estimate.vehicle} />
          <DamagePhotosCard estimate={estimate} />
          <MessageBox estimateId={estimate.id} viewer="customer" />
        </div>
        <aside className="min-w-0 space-y-6" aria-label={t('estimate.page.asideLabel')}>
          <StatusInfoCard estimate={estimate} />
          <AuthorizationCard
            estimateId={estimate.id}
            status={estimate.status}
            authorizedAt={estimate.authorizedAt}
          />
          <StatusLinkControls estimateId={estimate.id} viewer="customer" />
          <NeedHelpCard />
        </aside>
      </div>
    </main>
  );
}
