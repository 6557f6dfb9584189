import { estimateReference, vehicleTitle } from '../../../domain/estimate';
import { centsToDecimal, formatMoney, toCents } from '../../../domain/money';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FullPageSpinner } from '../../components/ui/spinner';
import { StatusBadge } from '../../components/ui/status-badge';
import { useEstimates } from '../estimates/api/get-estimates';

const DESCRIPTION_PREVIEW = 100;

export function AdminPage() {
  const { data: estimates, isLoading } = useEstimates();
  if (isLoading) return <FullPageSpinner />;
  const list = estimates ?? [];
  const quotedCents = list.reduce((sum, estimate) => sum + (toCents(estimate.estimatedAmount) ?? 0), 0);

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Admin Dashboard</h1>
          <p className="text-slate-600">Manage estimates and repair orders</p>
        </div>
        <div className="flex gap-2">
          <span className="rounded-full bg-slate-900 px-3 py-1 text-sm font-semibold text-white">
            {list.length} estimate{list.length === 1 ? '' : 's'}
          </span>
          <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900">
            {formatMoney(centsToDecimal(quotedCents))} quoted
          </span>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Estimates</CardTitle>
        </CardHeader>
        <CardContent>
          {list.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">No estimates yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {list.map((estimate) => (
                <li key={estimate.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-slate-900">
                      #{estimateReference(estimate.id)} ·{' '}
                      {vehicleTitle(estimate.vehicle) ?? 'Vehicle Details Not Available'}
                    </p>
                    <p className="text-sm text-slate-500">
                      {new Date(estimate.createdAt).toLocaleDateString('en-US')} ·{' '}
                      {estimate.insuranceCompany ? `Insurance: ${estimate.insuranceCompany}` : 'Customer Pay'}
                    </p>
                    <p className="mt-1 text-sm text-slate-700">
                      {estimate.damageDescription?.slice(0, DESCRIPTION_PREVIEW) || 'No description'}
                    </p>
                  </div>
                  <div className="flex flex-col items-end gap-1">
                    <StatusBadge status={estimate.status} />
                    <span className="text-sm font-semibold text-slate-800">
                      {estimate.estimatedAmount ? formatMoney(estimate.estimatedAmount) : '—'}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
