import type { UseFormReturn } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextField, uppercaseWhileTyping } from '#client/components/ui/text-field.tsx';
import { useT } from '#client/i18n/use-t.ts';
import type { Vehicle } from '#domain/estimate.ts';
import { type EstimateFormValues, VEHICLE_FIELD_CHECKS, type VehicleField } from './estimate-form.ts';
import { requestText } from './request-text.ts';
import { SavedVehiclePicker } from './saved-vehicle-picker.tsx';
import { VinField } from './vin-field.tsx';

/**
 * Year, make, model, plate, VIN and odometer: all needed before the estimate can be sent. Each field
 * says what is wrong with it beside it; a returning customer can fill them from a saved vehicle.
 */
export function VehicleFields({
  form,
  savedVehicles = [],
  savedVehiclesLabel,
}: {
  form: UseFormReturn<EstimateFormValues>;
  savedVehicles?: Vehicle[];
  /** The picker's label when it lists someone else's cars (the staff form). */
  savedVehiclesLabel?: string;
}) {
  const t = useT();
  const errors = form.formState.errors;
  const problem = (name: VehicleField) => {
    const message = errors[name]?.message;
    return message ? requestText(message) : undefined;
  };
  const field = (name: VehicleField) => form.register(name, { validate: VEHICLE_FIELD_CHECKS[name] });
  const plate = field('licensePlate');

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
    // Sent with the request while the fields still describe this car: the shop keeps one record of it.
    form.setValue('vehicleId', vehicle.id);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('request.vehicle.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {savedVehicles.length > 0 && (
          <SavedVehiclePicker vehicles={savedVehicles} onPick={pick} label={savedVehiclesLabel} />
        )}
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <TextField
            id="vehicle-year"
            label={t('request.vehicle.year')}
            markRequired
            inputMode="numeric"
            maxLength={4}
            hint={t('request.vehicle.yearHint')}
            autoComplete="off"
            error={problem('year')}
            {...field('year')}
          />
          <TextField
            id="vehicle-make"
            label={t('request.vehicle.make')}
            markRequired
            hint={t('request.vehicle.makeHint')}
            autoCapitalize="words"
            error={problem('make')}
            {...field('make')}
          />
          <div className="col-span-2 sm:col-span-1">
            <TextField
              id="vehicle-model"
              label={t('request.vehicle.model')}
              markRequired
              hint={t('request.vehicle.modelHint')}
              autoCapitalize="words"
              error={problem('model')}
              {...field('model')}
            />
          </div>
          <TextField
            id="vehicle-plate"
            label={t('request.vehicle.plate')}
            markRequired
            hint={t('request.vehicle.plateHint')}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={15}
            error={problem('licensePlate')}
            {...plate}
            onChange={(event) => {
              uppercaseWhileTyping(event);
              return plate.onChange(event);
            }}
          />
          <TextField
            id="vehicle-odometer"
            label={t('request.vehicle.odometer')}
            markRequired
            inputMode="numeric"
            hint={t('request.vehicle.odometerHint')}
            autoComplete="off"
            error={problem('odometerReading')}
            {...field('odometerReading')}
          />
          <div className="col-span-2 sm:col-span-3">
            <VinField form={form} error={problem('vinNumber')} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
