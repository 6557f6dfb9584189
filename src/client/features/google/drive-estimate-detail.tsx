import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { DetailRow } from '#client/components/ui/detail-row.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { vehicleTitle } from '#domain/estimate.ts';
import { formatMoney } from '#domain/money.ts';
import { useDriveEstimate } from './api/get-drive-estimate.ts';

/** One saved estimate as stored in Drive: the estimate, who it is for, the vehicle and the total. */
export function DriveEstimateDetail({ fileId, name }: { fileId: string; name: string }) {
  const detail = useDriveEstimate(fileId);

  return (
    <Card aria-live="polite">
      <CardHeader>
        <CardTitle>Estimate Details</CardTitle>
        <p className="text-sm break-words text-slate-600">{name}</p>
      </CardHeader>
      <CardContent>
        {detail.isPending ? (
          <Spinner className="py-10" label="Loading estimate details" />
        ) : detail.isError ? (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm font-semibold text-red-900"
          >
            Unable to load estimate details
          </p>
        ) : (
          <dl className="divide-y divide-slate-100 text-sm">
            <DetailRow label="Estimate ID">
              <span className="break-all">{detail.data.estimate.id}</span>
            </DetailRow>
            <DetailRow label="Status">
              <StatusBadge status={detail.data.estimate.status} />
            </DetailRow>
            <DetailRow label="Customer">
              {[detail.data.customer.firstName, detail.data.customer.lastName].filter(Boolean).join(' ') ||
                'Not provided'}
            </DetailRow>
            <DetailRow label="E-mail">
              <span className="break-all">{detail.data.customer.email || 'Not provided'}</span>
            </DetailRow>
            <DetailRow label="Phone">{detail.data.customer.phone || 'Not provided'}</DetailRow>
            <DetailRow label="Vehicle">{vehicleTitle(detail.data.vehicle) ?? 'Not provided'}</DetailRow>
            <DetailRow label="License Plate">{detail.data.vehicle.licensePlate || 'Not provided'}</DetailRow>
            {detail.data.vehicle.vin ? (
              <DetailRow label="VIN">
                <span className="break-all">{detail.data.vehicle.vin}</span>
              </DetailRow>
            ) : null}
            <DetailRow label="Total Amount">
              <span className="text-base font-bold">{formatMoney(detail.data.estimate.estimatedAmount)}</span>
            </DetailRow>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
