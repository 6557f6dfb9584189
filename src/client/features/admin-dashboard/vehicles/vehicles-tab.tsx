import { Car, ChevronRight, Merge, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAdminVehicles } from '#client/features/admin-dashboard/api/search-admin-vehicles.ts';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { type AdminVehicle, adminEstimatePath } from '#domain/admin-dashboard.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import { MergeVehicleDialog } from './merge-vehicle-dialog.tsx';

/** Vehicles by plate, make/model, VIN or owner; each opens its estimate page. */
export function VehiclesTab() {
  const inputId = useId();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 300);
  const { data: vehicles, isLoading, isError } = useAdminVehicles(term);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Vehicles</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor={inputId}>Search vehicles</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              id={inputId}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Plate, make, model, VIN or owner"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={50}
              className="pl-9"
            />
          </div>
          <p className="text-xs text-slate-500">
            {term ? 'Plates starting with your text come first.' : 'The newest vehicles are shown first.'}
          </p>
        </div>
        {isError && (
          <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
            We couldn't search vehicles just now. Please try again.
          </p>
        )}
        {isLoading ? (
          <Spinner className="py-8" label="Searching vehicles" />
        ) : vehicles && vehicles.length === 0 ? (
          <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            No vehicles found matching "{term}"
          </p>
        ) : (
          <ul aria-label="Vehicles" className="divide-y divide-slate-100">
            {vehicles?.map((vehicle) => (
              <VehicleRow key={vehicle.id} vehicle={vehicle} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function VehicleRow({ vehicle }: { vehicle: AdminVehicle }) {
  const title = vehicleTitle(vehicle) ?? 'Vehicle details not available';
  const owner = vehicle.owner.name ?? vehicle.owner.email;
  const [merging, setMerging] = useState(false);
  const target = vehicle.licensePlate ?? vehicle.latestEstimateId;
  const body = (
    <>
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
        <Car className="size-5" aria-hidden="true" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">
          <span className="mr-2 rounded bg-slate-900 px-1.5 py-0.5 font-mono text-sm text-white">
            {vehicle.licensePlate ?? 'No plate'}
          </span>
          {title}
        </p>
        <p className="truncate text-sm text-slate-600">Owner: {owner}</p>
      </div>
    </>
  );
  return (
    <li className="flex items-center gap-1">
      {target ? (
        <Link
          href={adminEstimatePath(target)}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-2 py-3 hover:bg-slate-50"
        >
          {body}
          <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
        </Link>
      ) : (
        <div
          className="flex min-w-0 flex-1 items-center gap-3 px-2 py-3"
          title="This vehicle has no estimate yet"
        >
          {body}
        </div>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0"
        aria-label={`Merge ${vehicle.licensePlate ?? title} into another record`}
        onClick={() => setMerging(true)}
      >
        <Merge aria-hidden="true" />
        <span className="hidden sm:inline">Merge</span>
      </Button>
      {merging && (
        <MergeVehicleDialog vehicle={vehicle} ownerName={owner} open={merging} onOpenChange={setMerging} />
      )}
    </li>
  );
}
