import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useMergeVehicles, useOwnerVehicles } from '#client/features/admin-dashboard/api/merge-vehicles.ts';
import { errorMessage } from '#client/lib/api.ts';
import type { AdminVehicle } from '#domain/admin-dashboard.ts';
import { type Vehicle, vehicleTitle } from '#domain/estimate.ts';

const vehicleLine = (vehicle: Pick<Vehicle, 'year' | 'make' | 'model' | 'licensePlate' | 'vin'>) =>
  [vehicle.licensePlate ?? 'No plate', vehicleTitle(vehicle), vehicle.vin ? `VIN ${vehicle.vin}` : null]
    .filter(Boolean)
    .join(' · ');

/**
 * Merges a duplicate record of a car into another record of the same owner: the staff member picks
 * the record to keep; this one's estimates move there and this one is deleted (decision 064).
 */
export function MergeVehicleDialog({
  vehicle,
  ownerName,
  open,
  onOpenChange,
}: {
  vehicle: AdminVehicle;
  ownerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const groupId = useId();
  const others = useOwnerVehicles(vehicle.owner.id, open);
  const merge = useMergeVehicles();
  const [keep, setKeep] = useState<string | null>(null);
  const candidates = (others.data ?? []).filter((other) => other.id !== vehicle.id);

  const onMerge = () => {
    if (!keep) return;
    merge.mutate(
      { duplicateId: vehicle.id, intoVehicleId: keep },
      {
        onSuccess: (kept) => {
          toast({ title: 'Vehicles merged', description: `Its estimates are now on ${vehicleLine(kept)}.` });
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            title: 'Could not merge the vehicles',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !merge.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Merge a duplicate vehicle</DialogTitle>
          <DialogDescription>
            {vehicleLine(vehicle)} of {ownerName} is deleted; its estimates move to the record you keep.
          </DialogDescription>
        </DialogHeader>
        {others.isLoading ? (
          <Spinner className="py-6" label="Loading the owner's vehicles" />
        ) : others.isError ? (
          <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
            We couldn't load {ownerName}'s vehicles. Please try again.
          </p>
        ) : candidates.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            {ownerName} has no other vehicle record to merge this one into.
          </p>
        ) : (
          <fieldset>
            <legend id={groupId} className="text-sm font-medium text-slate-800">
              Keep this record
            </legend>
            <div className="mt-2 space-y-2">
              {candidates.map((candidate) => (
                <label
                  key={candidate.id}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={groupId}
                    value={candidate.id}
                    checked={keep === candidate.id}
                    onChange={() => setKeep(candidate.id)}
                    className="mt-0.5 size-4 accent-brand-700"
                  />
                  <span className="text-slate-900">{vehicleLine(candidate)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={merge.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={onMerge} disabled={!keep || merge.isPending}>
            {merge.isPending ? 'Merging…' : 'Merge into the kept record'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
