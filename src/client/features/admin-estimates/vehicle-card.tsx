import { Car, Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { milesText } from '#client/lib/format-date.ts';
import { type Vehicle, vehicleTitle } from '#domain/estimate.ts';
import { PlateEditor } from './plate-editor.tsx';

const notProvided = <span className="text-sm font-normal text-slate-500 italic">Not provided</span>;

/** Year make model, VIN, odometer, and the license plate, which the shop may correct in place. */
export function VehicleCard({ vehicle }: { vehicle: Vehicle | null }) {
  const [editing, setEditing] = useState(false);
  const pencil = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Back from the editor (saved or cancelled): keyboard focus returns to the pencil button.
  useEffect(() => {
    if (wasEditing.current && !editing) pencil.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Car className="size-5 text-brand-700" aria-hidden="true" />
          Vehicle
        </CardTitle>
      </CardHeader>
      <CardContent>
        {!vehicle ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">No vehicle on file.</p>
        ) : (
          <dl className="grid gap-3">
            <div className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Vehicle</dt>
              <dd className="font-semibold break-words text-slate-900">
                {vehicleTitle(vehicle) ?? notProvided}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">VIN</dt>
              <dd className="font-mono font-semibold break-all text-slate-900">
                {vehicle.vin || notProvided}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Odometer</dt>
              <dd className="font-semibold text-slate-900">
                {milesText(vehicle.mileage, 'en') ?? notProvided}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">License Plate</dt>
              <dd className="font-semibold text-slate-900">
                {editing ? (
                  <PlateEditor
                    vehicleId={vehicle.id}
                    plate={vehicle.licensePlate ?? ''}
                    onDone={() => setEditing(false)}
                  />
                ) : (
                  <span className="flex items-center gap-1">
                    {vehicle.licensePlate || notProvided}
                    <Button
                      ref={pencil}
                      variant="ghost"
                      size="sm"
                      className="size-9 px-0"
                      aria-label="Edit license plate"
                      onClick={() => setEditing(true)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                  </span>
                )}
              </dd>
            </div>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
