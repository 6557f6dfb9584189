import { PAGE_WIDTH } from '#client/components/layout/page-width.ts';
import { FullPageSpinner } from '#client/components/ui/spinner.tsx';
import { isEstimateMissing } from '#client/features/estimates/shared.ts';
import { WaitingForReplyNotice } from '#client/features/front-desk/shared.ts';
import { MessageBox } from '#client/features/messages/shared.ts';
import { PaymentLinkCard } from '#client/features/payments/shared.ts';
import { PickupCard } from '#client/features/pickup/shared.ts';
import { AuthorizationCard } from '#client/features/repair-authorizations/shared.ts';
import { StatusLinkControls } from '#client/features/status-links/shared.ts';
import { cn } from '#client/lib/cn.ts';
import { isOwingStatus } from '#domain/recorded-payments.ts';
import { AdminEstimateNotFound } from './admin-estimate-not-found.tsx';
import { AdminPhotosCard } from './admin-photos-card.tsx';
import { useAdminEstimate } from './api/get-admin-estimate.ts';
import { BackToAdmin } from './back-to-admin.tsx';
import { BillingCard } from './billing-card.tsx';
import { CheckInCard } from './check-in-card.tsx';
import { CustomerCard } from './customer-card.tsx';
import { EstimateHeader } from './estimate-header.tsx';
import { LienNoticeCard } from './lien-notice-card.tsx';
import { LineEditorCard } from './line-editor-card.tsx';
import { LoadFailed } from './load-failed.tsx';
import { PaymentsCard } from './payments-card.tsx';
import { PromisedDateCard, RepairProgressCard, ShopTimelineCard, showsPromisedDate } from './repair-cards.ts';
import { SchedulingCard } from './scheduling-card.tsx';
import { StatusCard } from './status-card.tsx';
import { VehicleCard } from './vehicle-card.tsx';

/** The shop's view of one estimate: who and what on the left, what to do next on the right. */
export function AdminEstimateScreen({ id }: { id: string }) {
  const { data, isLoading, error, refetch, isFetching } = useAdminEstimate(id);

  if (isLoading) return <FullPageSpinner />;
  if (!data) {
    if (!error || isEstimateMissing(error)) return <AdminEstimateNotFound />;
    return <LoadFailed onRetry={() => refetch()} retrying={isFetching} />;
  }
  const { estimate, customer, appointment, textUpdates, customerNoShows } = data;
  const owing = isOwingStatus(estimate.status);
  const money = (
    <>
      <PaymentsCard estimate={estimate} />
      <PaymentLinkCard estimateId={estimate.id} />
    </>
  );

  return (
    <main id="main" className={cn(PAGE_WIDTH, 'space-y-4 py-4 sm:py-8')}>
      <BackToAdmin />
      <EstimateHeader estimate={estimate} />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <CustomerCard
              customer={customer}
              plate={estimate.vehicle?.licensePlate ?? null}
              textUpdates={textUpdates}
              noShows={customerNoShows}
            />
            <VehicleCard vehicle={estimate.vehicle} />
          </div>
          <LineEditorCard estimate={estimate} />
          <AdminPhotosCard estimate={estimate} />
          <ShopTimelineCard timeline={estimate.timeline} />
          <WaitingForReplyNotice estimateId={estimate.id} />
          <MessageBox estimateId={estimate.id} viewer="shop" />
        </div>
        <section aria-label="Actions" className="min-w-0 space-y-6 lg:col-span-2">
          {estimate.status === 'in_progress' && <RepairProgressCard estimate={estimate} />}
          {showsPromisedDate(estimate) && <PromisedDateCard estimate={estimate} />}
          <PickupCard estimate={estimate} />
          {/* Once the work is agreed the money comes first; before, the quote does. */}
          {owing && money}
          <BillingCard estimate={estimate} />
          {!owing && money}
          <SchedulingCard estimate={estimate} appointment={appointment} />
          <StatusCard estimate={estimate} />
          <StatusLinkControls estimateId={estimate.id} />
          {/* Each reads its own record once the page is there: last, so their arrival moves nothing. */}
          <CheckInCard estimate={estimate} />
          <AuthorizationCard
            estimateId={estimate.id}
            status={estimate.status}
            authorizedAt={estimate.authorizedAt}
          />
          <LienNoticeCard estimate={estimate} />
        </section>
      </div>
    </main>
  );
}
