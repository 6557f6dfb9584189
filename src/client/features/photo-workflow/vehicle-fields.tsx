import type { UseFormRegister } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextField, uppercaseWhileTyping } from '#client/components/ui/text-field.tsx';
import type { EstimateFormValues } from './estimate-form.ts';

/** Year, make, model, plate, VIN and odometer: all needed before the estimate can be sent. */
export function VehicleFields({ register }: { register: UseFormRegister<EstimateFormValues> }) {
  const plate = register('licensePlate');
  const vin = register('vinNumber');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Vehicle Information</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <TextField
          id="vehicle-year"
          label="Year"
          markRequired
          inputMode="numeric"
          maxLength={4}
          placeholder="2019"
          autoComplete="off"
          {...register('year')}
        />
        <TextField
          id="vehicle-make"
          label="Make"
          markRequired
          placeholder="Toyota"
          autoCapitalize="words"
          {...register('make')}
        />
        <div className="col-span-2 sm:col-span-1">
          <TextField
            id="vehicle-model"
            label="Model"
            markRequired
            placeholder="Camry"
            autoCapitalize="words"
            {...register('model')}
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
          {...register('odometerReading')}
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
            {...vin}
            onChange={(event) => {
              uppercaseWhileTyping(event);
              return vin.onChange(event);
            }}
          />
        </div>
      </CardContent>
    </Card>
  );
}
