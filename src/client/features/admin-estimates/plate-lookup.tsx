import { ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { FullPageSpinner } from '#client/components/ui/spinner.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { ApiError } from '#client/lib/api.ts';
import { longDate } from '#client/lib/format-date.ts';
import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import { normalizePlate } from '#domain/vehicle-identity.ts';
import { AdminEstimateNotFound } from './admin-estimate-not-found.tsx';
import { usePlateEstimates } from './api/get-plate-estimates.ts';
import { BackToAdmin } from './back-to-admin.tsx';
import { LoadFailed } from './load-failed.tsx';

/** A plate in place of an id: one estimate opens at once (under its id), several are listed to pick from. */
export function PlateLookup({ plate }: { plate: string }) {
  const { data: matches, isLoading, error, refetch, isFetching } = usePlateEstimates(plate);
  const [, navigate] = useLocation();
  const only = matches?.length === 1 ? matches[0] : undefined;

  useEffect(() => {
    if (only) navigate(`/admin/estimate/${only.id}`, { replace: true });
  }, [only, navigate]);

  if (isLoading || only) return <FullPageSpinner />;
  if (error && !(error instanceof ApiError && error.status === 400)) {
    return <LoadFailed onRetry={() => refetch()} retrying={isFetching} />;
  }
  if (!matches || matches.length === 0) {
    return (
      <AdminEstimateNotFound
        detail={`No estimate was found for the license plate ${normalizePlate(plate) || plate}.`}
      />
    );
  }

  return (
    <main id="main" className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:py-10">
      <BackToAdmin />
      <Card>
        <CardHeader>
          <h1 className="text-lg font-semibold text-slate-900">
            Estimates for plate {matches[0]?.vehicle.licensePlate ?? plate}
          </h1>
          <p className="text-sm text-slate-600">
            {matches.length} estimates match this plate, newest first. Choose one.
          </p>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-100">
            {matches.map((match) => (
              <li key={match.id}>
                <Link
                  href={`/admin/estimate/${match.id}`}
                  className="flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words text-slate-900">
                      #{estimateReference(match.id)}{' '}
                      <span className="block font-medium text-slate-700 sm:inline">
                        {vehicleTitle(match.vehicle) ?? 'Vehicle'}
                      </span>
                    </p>
                    <p className="text-sm text-slate-500">
                      {longDate(match.createdAt, 'en') ?? 'N/A'} · Plate {match.vehicle.licensePlate}
                    </p>
                  </div>
                  <StatusBadge status={match.status} />
                  <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </main>
  );
}
