import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { type Vehicle, vehicleTitle } from '#domain/estimate.ts';

function optionLabel(vehicle: Vehicle): string {
  const title = vehicleTitle(vehicle) ?? 'Vehicle';
  return vehicle.licensePlate ? `${title} · ${vehicle.licensePlate}` : title;
}

/** A returning customer picks a car they already sent us instead of typing it and its VIN again. */
export function SavedVehiclePicker({
  vehicles,
  onPick,
}: {
  vehicles: Vehicle[];
  onPick: (vehicle: Vehicle) => void;
}) {
  return (
    <div className="space-y-1.5 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <Label htmlFor="saved-vehicle">One of your vehicles</Label>
      <NativeSelect
        id="saved-vehicle"
        defaultValue=""
        aria-describedby="saved-vehicle-hint"
        onChange={(event) => {
          const picked = vehicles.find((vehicle) => vehicle.id === event.target.value);
          if (picked) onPick(picked);
        }}
      >
        <option value="">Choose a vehicle…</option>
        {vehicles.map((vehicle) => (
          <option key={vehicle.id} value={vehicle.id}>
            {optionLabel(vehicle)}
          </option>
        ))}
      </NativeSelect>
      <p id="saved-vehicle-hint" className="text-xs text-slate-600">
        Fills in the year, make, model, plate and VIN, or type a new vehicle below. Please enter today's
        odometer reading.
      </p>
    </div>
  );
}
