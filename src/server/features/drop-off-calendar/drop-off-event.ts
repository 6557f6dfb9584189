import { createEvent, type DateArray } from 'ics';
import type { DropOffSlotId } from '#domain/drop-off-slots.ts';
import { dropOffWindow } from '#domain/drop-off-slots.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/language.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { translator } from '#server/i18n/translator.ts';

export interface DropOffEventInput {
  /** The event is the estimate's drop-off, not one booking's: a move updates it (decision 049). */
  estimateId: string;
  /** RFC 5545's SEQUENCE: higher for each later booking of the estimate, so the move wins. */
  sequence: number;
  date: string;
  slot: DropOffSlotId;
  instructions: string;
  reference: string;
  /** '2019 Toyota Camry', or null when nothing is known about it. */
  vehicle: string | null;
  shop: ShopInfo;
  /** Where the estimate page lives, for the event's link. */
  estimateUrl: string;
  /** The host name the event's UID is scoped to, so a re-download updates the same calendar entry. */
  uidDomain: string;
  /** The customer's language (the event is theirs, whoever downloads it). */
  language?: Language;
}

const utcParts = (date: Date): DateArray => [
  date.getUTCFullYear(),
  date.getUTCMonth() + 1,
  date.getUTCDate(),
  date.getUTCHours(),
  date.getUTCMinutes(),
];

/**
 * The booked drop-off as an iCalendar file. The window's hours are taken in America/New_York and
 * written as UTC instants (RFC 5545 form 2), which every calendar shows at the right local time.
 */
export function dropOffEvent(input: DropOffEventInput): string {
  const { start, end } = dropOffWindow(input.date, input.slot);
  const t = translator(input.language ?? DEFAULT_LANGUAGE);
  const { error, value } = createEvent({
    uid: `drop-off-${input.estimateId}@${input.uidDomain}`,
    sequence: input.sequence,
    title: t('document.calendar.title', {
      vehicle: input.vehicle ?? t('document.calendar.vehicle'),
      shop: input.shop.name,
    }),
    start: utcParts(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: `${input.shop.name}, ${input.shop.street}, ${input.shop.city}`,
    description: [
      t('document.calendar.estimate', { reference: input.reference }),
      input.instructions,
      t('document.calendar.questions', { phone: input.shop.phone }),
      input.estimateUrl,
    ].join('\n\n'),
    url: input.estimateUrl,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    organizer: { name: input.shop.name, email: input.shop.email },
    productId: `${input.shop.name} repair updates`,
    alarms: [
      { action: 'display', description: t('document.calendar.alarm'), trigger: { hours: 1, before: true } },
    ],
  });
  if (error || !value) throw error ?? new Error('the calendar event could not be written');
  return value;
}
