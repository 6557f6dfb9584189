import { Car } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { milesText } from '#client/lib/format-date.ts';
import type { Vehicle } from '#domain/estimate.ts';

const NOT_PROVIDED = 'Not provided';

/** Year, make, model, VIN, plate and odometer, each with a 'Not provided' fallback. */
export function VehicleInfoCard({ vehicle }: { vehicle: Vehicle | null }) {
  const rows: [string, string | null | undefined][] = [
    ['Year', vehicle?.year?.toString()],
    ['Make', vehicle?.make],
    ['Model', vehicle?.model],
    ['License Plate', vehicle?.licensePlate],
    ['Odometer', milesText(vehicle?.mileage)],
    ['VIN', vehicle?.vin],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Car className="size-5 text-brand-700" aria-hidden="true" />
          Vehicle Information
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
          {rows.map(([label, value]) => (
            // A VIN is 17 characters: give it the full width on a phone.
            <div key={label} className={label === 'VIN' ? 'col-span-2 min-w-0 sm:col-span-1' : 'min-w-0'}>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
              <dd
                className={
                  value ? 'font-semibold break-words text-slate-900' : 'text-sm text-slate-500 italic'
                }
              >
                {value || NOT_PROVIDED}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
