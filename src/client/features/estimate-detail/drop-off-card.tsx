import { CalendarPlus, MapPin } from 'lucide-react';
import { useId } from 'react';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { shop } from '#client/lib/shop.ts';
import type { Appointment } from '#domain/admin-estimates.ts';
import { dropOffCalendarUrl } from '#domain/drop-off-booking.ts';
import { formatDropOffDate } from '#domain/drop-off-slots.ts';

/**
 * The booked drop-off as a card of its own: when, where and what the shop asked. Before the day it
 * offers the booking as a calendar file; once the car is in the shop it only records when it came.
 */
export function DropOffCard({
  estimateId,
  dropOff,
  upcoming,
}: {
  estimateId: string;
  dropOff: Appointment;
  /** The estimate is scheduled: the drop-off is still ahead. */
  upcoming: boolean;
}) {
  const address = `${shop.street}, ${shop.city}`;
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <MapPin className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          {upcoming ? 'Your Drop-off' : 'Drop-off'}
        </CardTitle>
        {!upcoming && <p className="text-sm text-slate-600">Your vehicle is with us.</p>}
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Date</dt>
            <dd className="font-semibold text-slate-900">{formatDropOffDate(dropOff.date)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Time</dt>
            <dd className="font-semibold text-slate-900">{dropOff.slotLabel}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Where</dt>
            <dd className="text-slate-900">
              <span className="font-semibold">{shop.name}</span>
              <br />
              {address}
            </dd>
          </div>
          {dropOff.instructions.trim() && (
            <div className="sm:col-span-2">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Instructions</dt>
              <dd className="mt-1 rounded-lg bg-slate-50 p-3 whitespace-pre-wrap text-slate-700">
                {dropOff.instructions}
              </dd>
            </div>
          )}
        </dl>
        {upcoming && (
          <a
            href={dropOffCalendarUrl(estimateId)}
            download
            className={buttonVariants({ variant: 'secondary', size: 'sm' })}
          >
            <CalendarPlus aria-hidden="true" />
            Add to calendar
          </a>
        )}
      </CardContent>
    </Card>
  );
}
