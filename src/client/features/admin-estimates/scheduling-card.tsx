import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import { clientShopCalendar, openingHoursHint } from '#client/lib/shop-calendar.ts';
import {
  type Appointment,
  canScheduleDropOff,
  type DropOffWindow,
  dropOffNote,
  INSTRUCTIONS_MAX_LENGTH,
} from '#domain/admin-estimates.ts';
import {
  DROP_OFF_SLOT_FULL,
  formatDropOffDate,
  openWindowsOn,
  SHOP_TIME_ZONE,
  shopToday,
} from '#domain/drop-off-slots.ts';
import type { Estimate } from '#domain/estimate.ts';
import { useMarkNoShow, useRequestReschedule, useScheduleDropOff } from './api/admin-actions.ts';
import { dropOffDayKey, useDropOffDay } from './api/get-drop-off-day.ts';
import { FieldErrorText } from './field-error.tsx';
import { emptySchedule, type ScheduleFormValues, scheduleFormSchema } from './schedule-form.ts';

/** Books the drop-off (an open day and one of its windows inside the posted hours, with instructions), or calls it off. */
export function SchedulingCard({
  estimate,
  appointment,
}: {
  estimate: Estimate;
  appointment: Appointment | null;
}) {
  const schedule = useScheduleDropOff(estimate.id);
  const reschedule = useRequestReschedule(estimate.id);
  const noShow = useMarkNoShow(estimate.id);
  const [confirmingReschedule, setConfirmingReschedule] = useState(false);
  const [confirmingNoShow, setConfirmingNoShow] = useState(false);
  const form = useForm<ScheduleFormValues>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: emptySchedule,
  });
  const { errors } = form.formState;
  const queryClient = useQueryClient();
  const date = form.watch('date');
  const day = useDropOffDay(estimate.id, date).data;
  const windows = day?.windows;
  // Until the server answers (it knows the holidays), the windows inside the day's posted hours.
  const offered =
    windows ?? openWindowsOn(date, clientShopCalendar).map((slot) => ({ ...slot, full: false }));
  const open = canScheduleDropOff(estimate.status);
  const scheduled = estimate.status === 'scheduled';
  const busy = schedule.isPending || reschedule.isPending || noShow.isPending;
  // A drop-off can be marked missed from its day on.
  const due = scheduled && appointment !== null && appointment.date <= shopToday();

  const onSubmit = form.handleSubmit((booking) => {
    // The server refuses it too; saying so here saves a round trip.
    if (windows?.find((window) => window.id === booking.slot)?.full) {
      form.setError('slot', { message: DROP_OFF_SLOT_FULL }, { shouldFocus: true });
      return;
    }
    schedule.mutate(
      { ...booking, slot: booking.slot as Appointment['slot'] },
      {
        onSuccess: ({ appointment: booked }) => {
          form.reset(emptySchedule);
          toast({
            title: 'Drop-off Scheduled',
            description: booked
              ? `${formatDropOffDate(booked.date)}, ${booked.slotLabel}. The customer can see it.`
              : 'The customer can see it.',
          });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.serverMessage === DROP_OFF_SLOT_FULL) {
            form.setError('slot', { message: DROP_OFF_SLOT_FULL }, { shouldFocus: true });
            // Someone took the last place meanwhile: show the window as full.
            void queryClient.invalidateQueries({ queryKey: dropOffDayKey(estimate.id, booking.date) });
          }
          reportMutationError(failure, {
            fallback: 'Failed to schedule the drop-off.',
            withServerMessage: true,
          });
        },
      },
    );
  });

  function requestReschedule() {
    reschedule.mutate(undefined, {
      onSuccess: () => {
        setConfirmingReschedule(false);
        toast({
          title: 'Estimate Updated',
          description: 'The drop-off was cancelled and the estimate is back to Approved.',
        });
      },
      onError: (failure) =>
        reportMutationError(failure, { fallback: 'Failed to update estimate', withServerMessage: true }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5 text-brand-700" aria-hidden="true" />
          Drop-off Scheduling
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {appointment && (
          <div className="space-y-1 rounded-lg bg-blue-50 p-3 text-sm text-blue-950 ring-1 ring-blue-200">
            <p className="font-semibold">
              Drop-off: {formatDropOffDate(appointment.date)}, {appointment.slotLabel}
            </p>
            <p className="break-words whitespace-pre-wrap">{appointment.instructions}</p>
            {appointment.bookedByCustomer && (
              <p className="text-xs font-semibold">Booked online by the customer</p>
            )}
            <p className="text-xs font-semibold">
              {appointment.confirmedAt
                ? `Confirmed by the customer ${new Date(appointment.confirmedAt).toLocaleString('en-US', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' })}`
                : 'Not confirmed yet'}
            </p>
          </div>
        )}
        {due && (
          <>
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => setConfirmingNoShow(true)}
              disabled={busy}
            >
              {noShow.isPending ? 'Updating...' : 'Mark as no-show'}
            </Button>
            <ConfirmDialog
              open={confirmingNoShow}
              onOpenChange={setConfirmingNoShow}
              title="The car did not come?"
              description="The window is freed and the estimate goes back to Approved. The customer gets a kind note with a link to book a new time, and the no-show is counted."
              confirmLabel="Mark as no-show"
              busyLabel="Updating..."
              busy={noShow.isPending}
              onConfirm={() =>
                noShow.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmingNoShow(false);
                    toast({
                      title: 'No-show recorded',
                      description: 'The customer was sent a link to book a new time.',
                    });
                  },
                  onError: (error) => {
                    setConfirmingNoShow(false);
                    reportMutationError(error, {
                      fallback: 'Could not record the no-show.',
                      withServerMessage: true,
                    });
                  },
                })
              }
            />
          </>
        )}
        {scheduled && (
          <>
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => setConfirmingReschedule(true)}
              disabled={busy}
            >
              {reschedule.isPending ? 'Updating...' : 'Reschedule Appointment'}
            </Button>
            <ConfirmDialog
              open={confirmingReschedule}
              onOpenChange={setConfirmingReschedule}
              title="Cancel this drop-off?"
              description={`${
                appointment
                  ? `The drop-off on ${formatDropOffDate(appointment.date)}, ${appointment.slotLabel} is cancelled and its place freed.`
                  : 'The booked drop-off is cancelled and its place freed.'
              } The estimate goes back to Approved, and the customer is told you will find a new time.`}
              confirmLabel="Reschedule"
              busyLabel="Updating..."
              busy={reschedule.isPending}
              onConfirm={requestReschedule}
            />
          </>
        )}
        {!open ? (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{dropOffNote(estimate.status)}</p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Schedule drop-off">
            {scheduled && <p className="text-sm text-slate-600">Or move the drop-off to another time:</p>}
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              <div className="space-y-1.5">
                <Label htmlFor="dropoff-date">Drop-off date</Label>
                <Input
                  id="dropoff-date"
                  type="date"
                  min={shopToday()}
                  aria-invalid={errors.date ? true : undefined}
                  aria-describedby={errors.date ? 'dropoff-date-error' : 'dropoff-date-hint'}
                  {...form.register('date')}
                />
                <p id="dropoff-date-hint" className="text-xs text-slate-500">
                  {openingHoursHint}
                </p>
                <FieldErrorText id="dropoff-date-error" error={errors.date} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="dropoff-slot">Time slot</Label>
                <NativeSelect
                  id="dropoff-slot"
                  aria-invalid={errors.slot ? true : undefined}
                  aria-describedby={
                    errors.slot ? 'dropoff-slot-error' : day ? 'dropoff-slot-hint' : undefined
                  }
                  {...form.register('slot')}
                >
                  <option value="">{date ? 'Choose a time slot' : 'Choose a date first'}</option>
                  {offered.map((slot) => (
                    <option key={slot.id} value={slot.id} disabled={slot.full}>
                      {slot.full ? `${slot.label} (Full)` : slot.label}
                    </option>
                  ))}
                </NativeSelect>
                {day?.closed ? (
                  <p id="dropoff-slot-hint" className="text-xs font-medium text-amber-800">
                    {day.closed}
                  </p>
                ) : (
                  windows && <SlotHint id="dropoff-slot-hint" windows={windows} />
                )}
                <FieldErrorText id="dropoff-slot-error" error={errors.slot} />
              </div>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="dropoff-instructions">Instructions for the customer</Label>
              <Textarea
                id="dropoff-instructions"
                rows={3}
                maxLength={INSTRUCTIONS_MAX_LENGTH}
                placeholder="e.g. Park by the blue door and leave the keys at the front desk."
                aria-invalid={errors.instructions ? true : undefined}
                aria-describedby={errors.instructions ? 'dropoff-instructions-error' : undefined}
                {...form.register('instructions')}
              />
              <FieldErrorText id="dropoff-instructions-error" error={errors.instructions} />
            </div>
            <Button type="submit" className="w-full" disabled={busy}>
              {schedule.isPending ? 'Scheduling...' : 'Schedule Drop-off'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** Which windows of the chosen day are taken, in words (a phone's native picker may not grey them out). */
function SlotHint({ id, windows }: { id: string; windows: DropOffWindow[] }) {
  const full = windows.filter((window) => window.full);
  const text =
    full.length === 0
      ? 'Every window has room on this day.'
      : full.length === windows.length
        ? 'Every window is full on this day. Please choose another day.'
        : `Full on this day: ${full.map((window) => window.label).join(', ')}.`;
  return (
    <p id={id} className="text-xs text-slate-500">
      {text}
    </p>
  );
}
