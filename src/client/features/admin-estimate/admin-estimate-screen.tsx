import { FullPageSpinner } from '../../components/ui/spinner';
import { isEstimateMissing } from '../estimate-detail/api/get-estimate';
import { AdminEstimateNotFound } from './admin-estimate-not-found';
import { AdminPhotosCard } from './admin-photos-card';
import { useAdminEstimate } from './api/get-admin-estimate';
import { BackToAdmin } from './back-to-admin';
import { BillingCard } from './billing-card';
import { CommunicationCard } from './communication-card';
import { CustomerCard } from './customer-card';
import { EstimateHeader } from './estimate-header';
import { LoadFailed } from './load-failed';
import { SchedulingCard } from './scheduling-card';
import { StatusCard } from './status-card';
import { VehicleCard } from './vehicle-card';

/** The shop's view of one estimate: who and what on the left, what to do next on the right. */
export function AdminEstimateScreen({ id }: { id: string }) {
  const { data, isLoading, error, refetch, isFetching } = useAdminEstimate(id);

  if (isLoading) return <FullPageSpinner />;
  if (!data) {
    if (!error || isEstimateMissing(error)) return <AdminEstimateNotFound />;
    return <LoadFailed onRetry={() => refetch()} retrying={isFetching} />;
  }
  const { estimate, customer, appointment } = data;

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-4 px-4 py-4 sm:py-8">
      <BackToAdmin />
      <EstimateHeader estimate={estimate} />
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <CustomerCard customer={customer} plate={estimate.vehicle?.licensePlate ?? null} />
            <VehicleCard vehicle={estimate.vehicle} />
          </div>
          <AdminPhotosCard estimate={estimate} />
          <CommunicationCard estimateId={estimate.id} />
        </div>
        <section aria-label="Actions" className="min-w-0 space-y-6 lg:col-span-2">
          <BillingCard estimate={estimate} />
          <SchedulingCard estimate={estimate} appointment={appointment} />
          <StatusCard estimate={estimate} />
        </section>
      </div>
    </main>
  );
}
