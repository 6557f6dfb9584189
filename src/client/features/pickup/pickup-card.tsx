import { KeyRound } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { formatShopDate } from '#domain/admin-dashboard.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { PickupButton } from './pickup-button.tsx';

/** The desk's pickup, once the repair is completed: the button, or when the car went home. */
export function PickupCard({ estimate }: { estimate: EstimateDetail }) {
  if (estimate.status !== 'completed') return null;
  const pickedUp = estimate.timeline.findLast((entry) => entry.kind === 'pickup');
  return (
    <Card role="region" aria-labelledby={`pickup-${estimate.id}`}>
      <CardHeader>
        <CardTitle id={`pickup-${estimate.id}`} className="flex items-center gap-2">
          <KeyRound className="size-5 text-brand-700" aria-hidden="true" />
          Pickup
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-700">
        {pickedUp ? (
          <p className="rounded-lg bg-green-50 p-3 font-semibold text-green-900 ring-1 ring-green-200">
            Picked up {formatShopDate(pickedUp.at)}. The customer's survey follows a day later.
          </p>
        ) : (
          <>
            <p>
              When the customer drives off, record it: it shows on their timeline and sends the survey a day
              later.
            </p>
            <PickupButton estimateId={estimate.id} className="w-full sm:w-auto" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
