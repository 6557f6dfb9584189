import { and, count, eq, gte, lte, ne } from 'drizzle-orm';
import {
  dropOffSlotLabel,
  firstBookableDay,
  lastBookableDay,
  openDropOffWindows,
} from '#domain/drop-off-slots.ts';
import type { DropOffWindowsQuery, OpenWindow } from '#domain/self-booking.ts';
import type { Db } from '#server/db/client.ts';
import { appointments } from '#server/db/schema.ts';
import type { SelfBookingSettings } from './settings.ts';

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The windows of `days` days from `from` (never before the first bookable day, nor past the booker's
 * horizon: a customer's quarter, the desk's year) that lie inside the shop's hours on days it is
 * open, each with the places still free: the capacity less the bookings of other estimates (this
 * estimate's own booking is freed when it is moved, as bookDropOff counts). A full window is listed
 * with 0, so the page can show it taken. One query for the whole range.
 */
export async function listOpenWindows(
  db: Db,
  settings: SelfBookingSettings,
  estimateId: string,
  byShop: boolean,
  query: DropOffWindowsQuery,
): Promise<OpenWindow[]> {
  const now = settings.now?.() ?? new Date();
  const first = firstBookableDay(byShop, now);
  const last = lastBookableDay(byShop, now);
  const from = query.from && query.from > first ? query.from : first;
  if (from > last) return [];
  const end = addDays(from, query.days - 1);
  // biome-ignore lint/complexity/useMathMinMax: 'YYYY-MM-DD' texts, compared as the days they name.
  const to = end < last ? end : last;
  const calendar = await settings.calendarFor([from, to]);
  const open = openDropOffWindows(from, to, calendar, now);
  if (open.length === 0) return [];
  const rows = await db
    .select({ date: appointments.dropOffDate, slot: appointments.slot, taken: count() })
    .from(appointments)
    .where(
      and(
        gte(appointments.dropOffDate, from),
        lte(appointments.dropOffDate, to),
        eq(appointments.status, 'scheduled'),
        ne(appointments.estimateId, estimateId),
      ),
    )
    .groupBy(appointments.dropOffDate, appointments.slot);
  const taken = new Map(rows.map((row) => [`${row.date} ${row.slot}`, row.taken]));
  return open.map(({ date, slot }) => ({
    date,
    slot,
    label: dropOffSlotLabel(slot),
    available: Math.max(0, settings.capacity - (taken.get(`${date} ${slot}`) ?? 0)),
  }));
}
