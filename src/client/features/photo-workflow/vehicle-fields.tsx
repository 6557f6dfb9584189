import type { UseFormReturn } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextField, uppercaseWhileTyping } from '#client/components/ui/text-field.tsx';
import type { Vehicle } from '#domain/estimate.ts';
import { type EstimateFormValues, VEHICLE_FIELD_CHECKS, type VehicleField } from './estimate-form.ts';
import { SavedVehiclePicker } from './saved-vehicle-picker.tsx';

/**
 * Year, make, model, plate, VIN and odometer: all needed before the estimate can be sent. Each field
 * says what is wrong with it beside it; a returning customer can fill them from a saved vehicle.
 */
export function VehicleFields({
  form,
  savedVehicles = [],
}: {
  form: UseFormReturn<EstimateFormValues>;
  savedVehicles?: Vehicle[];
}) {
  const errors = form.formState.errors;
  const field = (name: VehicleField) => form.register(name, { validate: VEHICLE_FIELD_CHECKS[name] });
  const plate = field('licensePlate');
  const vin = field('vinNumber');

  const pick = (vehicle: Vehicle) => {
    const filled: [VehicleField, string][] = [
      ['year', vehicle.year === null ? '' : String(vehicle.year)],
      ['make', vehicle.make ?? ''],
      ['model', vehicle.model ?? ''],
      ['licensePlate', vehicle.licensePlate ?? ''],
      ['vinNumber', vehicle.vin ?? ''],
    ];
    // Validated at once once the form was sent, so a mark beside a field that is now filled goes away.
    const shouldValidate = form.formState.isSubmitted;
    for (const [name, value] of filled) form.setValue(name, value, { shouldDirty: true, shouldValidate });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Vehicle Information</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {savedVehicles.length > 0 && <SavedVehiclePicker vehicles={savedVehicles} onPick={pick} />}
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <TextField
            id="vehicle-year"
            label="Year"
            markRequired
            inputMode="numeric"
            maxLength={4}
            placeholder="2019"
            autoComplete="off"
            error={errors.year?.message}
            {...field('year')}
          />
          <TextField
            id="vehicle-make"
            label="Make"
            markRequired
            placeholder="Toyota"
            autoCapitalize="words"
            error={errors.make?.message}
            {...field('make')}
          />
          <div className="col-span-2 sm:col-span-1">
            <TextField
              id="vehicle-model"
              label="Model"
              markRequired
              placeholder="Camry"
              autoCapitalize="words"
              error={errors.model?.message}
              {...field('model')}
            />
          </div>
          <TextField
            id="vehicle-plate"
            label="License Plate"
            markRequired
            placeholder="ABC1234"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={15}
            error={errors.licensePlate?.message}
            {...plate}
            onChange={(event) => {
              uppercaseWhileTyping(event);
              return plate.onChange(event);
            }}
          />
          <TextField
            id="vehicle-odometer"
            label="Odometer (miles)"
            markRequired
            inputMode="numeric"
            placeholder="45000"
            autoComplete="off"
            error={errors.odometerReading?.message}
            {...field('odometerReading')}
          />
          <div className="col-span-2 sm:col-span-3">
            <TextField
              id="vehicle-vin"
              label="VIN"
              markRequired
              hint="17 characters, on the driver-side dashboard or door frame."
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={17}
              className="font-mono tracking-wide"
              error={errors.vinNumber?.message}
              {...vin}
              onChange={(event) => {
                uppercaseWhileTyping(event);
                return vin.onChange(event);
              }}
            />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
