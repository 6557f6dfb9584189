import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { type Vehicle, vehicleTitle } from '#domain/estimate.ts';

function optionLabel(vehicle: Vehicle, fallback: string): string {
  const title = vehicleTitle(vehicle) ?? fallback;
  return vehicle.licensePlate ? `${title} · ${vehicle.licensePlate}` : title;
}

/** A returning customer picks a car they already sent us instead of typing it and its VIN again. */
export function SavedVehiclePicker({
  vehicles,
  onPick,
  label,
}: {
  vehicles: Vehicle[];
  onPick: (vehicle: Vehicle) => void;
  /** Instead of "One of your vehicles" (the staff form: "Vehicles of Maria Lopez"). */
  label?: string;
}) {
  const t = useT();
  return (
    <div className="space-y-1.5 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <Label htmlFor="saved-vehicle">{label ?? t('request.savedVehicle.label')}</Label>
      <NativeSelect
        id="saved-vehicle"
        defaultValue=""
        aria-describedby="saved-vehicle-hint"
        onChange={(event) => {
          const picked = vehicles.find((vehicle) => vehicle.id === event.target.value);
          if (picked) onPick(picked);
        }}
      >
        <option value="">{t('request.savedVehicle.choose')}</option>
        {vehicles.map((vehicle) => (
          <option key={vehicle.id} value={vehicle.id}>
            {optionLabel(vehicle, t('request.savedVehicle.vehicle'))}
          </option>
        ))}
      </NativeSelect>
      <p id="saved-vehicle-hint" className="text-xs text-slate-600">
        {t('request.savedVehicle.hint')}
      </p>
    </div>
  );
}
