import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { uppercaseWhileTyping } from '#client/components/ui/text-field.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { updateVehicleSchema } from '#domain/estimate-requests.ts';
import { useUpdatePlate } from './api/update-plate.ts';

type PlateForm = z.input<typeof updateVehicleSchema>;

/** The plate as an input with Save and Cancel; Escape cancels too. */
export function PlateEditor({
  vehicleId,
  plate,
  onDone,
}: {
  vehicleId: string;
  plate: string;
  onDone: () => void;
}) {
  const updatePlate = useUpdatePlate(vehicleId);
  const form = useForm<PlateForm, unknown, z.output<typeof updateVehicleSchema>>({
    resolver: zodResolver(updateVehicleSchema),
    defaultValues: { licensePlate: plate },
  });
  const error = form.formState.errors.licensePlate;
  const field = form.register('licensePlate', { onChange: uppercaseWhileTyping });

  const onSubmit = form.handleSubmit(({ licensePlate }) =>
    updatePlate.mutate(licensePlate, {
      onSuccess: (vehicle) => {
        toast({ title: 'Vehicle Updated', description: `License plate is now ${vehicle.licensePlate}.` });
        onDone();
      },
      onError: (failure) =>
        reportMutationError(failure, { fallback: 'Failed to update vehicle', withServerMessage: true }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label="Edit license plate">
      <Label htmlFor="admin-plate">License plate</Label>
      <Input
        id="admin-plate"
        autoFocus
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={15}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'admin-plate-error' : undefined}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        {...field}
      />
      {error?.message && (
        <p id="admin-plate-error" role="alert" className="text-sm font-medium text-brand-700">
          {error.message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={updatePlate.isPending}>
          {updatePlate.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone} disabled={updatePlate.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
