import { CalendarPlus, CheckCircle2, MapPin } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { formatShopDay } from '#client/i18n/format.ts';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import { shop } from '#client/lib/shop.ts';
import type { Appointment } from '#domain/admin-estimates.ts';
import { dropOffCalendarUrl } from '#domain/drop-off-booking.ts';
import { dropOffSlotLabel } from '#domain/drop-off-slots.ts';

/**
 * The booked drop-off as a card of its own: when, where and what the shop asked. Before the day it
 * offers the booking as a calendar file; once the car is in the shop it only records when it came.
 */
export function DropOffCard({
  estimateId,
  dropOff,
  upcoming,
  children,
}: {
  estimateId: string;
  dropOff: Appointment;
  /** The estimate is scheduled: the drop-off is still ahead. */
  upcoming: boolean;
  /** What the customer may do about it (move, cancel), under the details. */
  children?: ReactNode;
}) {
  const address = `${shop.street}, ${shop.city}`;
  const titleId = useId();
  const t = useT();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <MapPin className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          {upcoming ? t('estimate.dropOff.titleUpcoming') : t('estimate.dropOff.title')}
        </CardTitle>
        {!upcoming && <p className="text-sm text-slate-600">{t('estimate.dropOff.withUs')}</p>}
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t('estimate.dropOff.date')}
            </dt>
            <dd className="font-semibold text-slate-900">{formatShopDay(dropOff.date)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t('estimate.dropOff.time')}
            </dt>
            <dd className="font-semibold text-slate-900">
              {dropOffSlotLabel(dropOff.slot, currentLanguage())}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t('estimate.dropOff.where')}
            </dt>
            <dd className="text-slate-900">
              <span className="font-semibold">{shop.name}</span>
              <br />
              {address}
            </dd>
          </div>
          {dropOff.instructions.trim() && (
            <div className="sm:col-span-2">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                {t('estimate.dropOff.instructions')}
              </dt>
              <dd className="mt-1 rounded-lg bg-slate-50 p-3 whitespace-pre-wrap text-slate-700">
                {dropOff.instructions}
              </dd>
            </div>
          )}
        </dl>
        {upcoming && dropOff.confirmedAt && (
          <p className="flex items-center gap-2 text-sm font-semibold text-green-800">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            {t('estimate.dropOff.confirmed')}
          </p>
        )}
        {upcoming && (
          <a
            href={dropOffCalendarUrl(estimateId)}
            download
            className={buttonVariants({ variant: 'secondary', size: 'sm' })}
          >
            <CalendarPlus aria-hidden="true" />
            {t('estimate.dropOff.addToCalendar')}
          </a>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
