import { Car } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import type { Vehicle } from '#domain/estimate.ts';
import { intlLocale } from '#domain/language.ts';

/** Year, make, model, VIN, plate and odometer, each with a 'Not provided' fallback. */
export function VehicleInfoCard({ vehicle }: { vehicle: Vehicle | null }) {
  const t = useT();
  const mileage = vehicle?.mileage;
  const miles =
    mileage === null || mileage === undefined
      ? null
      : t('estimate.vehicle.miles', {
          miles: new Intl.NumberFormat(intlLocale(currentLanguage())).format(mileage),
        });
  const rows: [label: string, value: string | null | undefined, wide?: boolean][] = [
    [t('estimate.vehicle.year'), vehicle?.year?.toString()],
    [t('estimate.vehicle.make'), vehicle?.make],
    [t('estimate.vehicle.model'), vehicle?.model],
    [t('estimate.vehicle.plate'), vehicle?.licensePlate],
    [t('estimate.vehicle.odometer'), miles],
    [t('estimate.vehicle.vin'), vehicle?.vin, true],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Car className="size-5 text-brand-700" aria-hidden="true" />
          {t('estimate.vehicle.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
          {rows.map(([label, value, wide]) => (
            // A VIN is 17 characters: give it the full width on a phone.
            <div key={label} className={wide ? 'col-span-2 min-w-0 sm:col-span-1' : 'min-w-0'}>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
              <dd
                className={
                  value ? 'font-semibold break-words text-slate-900' : 'text-sm text-slate-500 italic'
                }
              >
                {value || t('estimate.vehicle.notProvided')}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
