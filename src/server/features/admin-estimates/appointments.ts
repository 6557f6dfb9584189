import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Appointment, DropOffDay } from '#domain/admin-estimates.ts';
import {
  closedDayProblem,
  type DropOffSlotId,
  dropOffSlotLabel,
  openWindowsOn,
  type ShopCalendar,
} from '#domain/drop-off-slots.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { appointments } from '#server/db/schema.ts';

/** First half of the advisory-lock key: keeps drop-off locks apart from any other advisory lock. */
const DROP_OFF_LOCK_SPACE = 7_301_993;

/** The estimate's booked drop-off (at most one is active at a time), or null. */
export async function findActiveAppointment(db: Db, estimateId: string): Promise<Appointment | null> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.estimateId, estimateId), eq(appointments.status, 'scheduled')))
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    date: row.dropOffDate,
    slot: row.slot,
    slotLabel: dropOffSlotLabel(row.slot),
    instructions: row.instructions,
    bookedByCustomer: row.bookedByCustomer,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

/** A booking's place in a window: who books it, and how many cars the window takes. */
export interface WindowBooking {
  estimateId: string;
  date: string;
  slot: DropOffSlotId;
  instructions: string;
  createdBy: string;
  bookedByCustomer: boolean;
  /** DROP_OFF_CAPACITY. */
  capacity: number;
  /** The 409's words when the window is full (the shop's and the customer's differ). */
  fullMessage: string;
}

/**
 * Books a place in one drop-off window, or refuses with 409 when the window is full. Two bookings
 * of the same window wait for each other on a transaction-scoped advisory lock, so the count and
 * the insert cannot interleave (the last place goes to exactly one of them). Other windows are not held up.
 */
export async function bookDropOff(tx: Db, booking: WindowBooking): Promise<string> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${DROP_OFF_LOCK_SPACE}, hashtext(${`${booking.date} ${booking.slot}`}))`,
  );
  const [taken] = await tx
    .select({ value: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.dropOffDate, booking.date),
        eq(appointments.slot, booking.slot),
        eq(appointments.status, 'scheduled'),
      ),
    );
  if ((taken?.value ?? 0) >= booking.capacity) throw new AppError('conflict', booking.fullMessage);
  const [row] = await tx
    .insert(appointments)
    .values({
      estimateId: booking.estimateId,
      dropOffDate: booking.date,
      slot: booking.slot,
      instructions: booking.instructions,
      createdBy: booking.createdBy,
      bookedByCustomer: booking.bookedByCustomer,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('appointment insert returned nothing');
  return row.id;
}

/**
 * How full each window of a day is for this estimate, counted exactly as bookDropOff counts (every
 * 'scheduled' appointment), leaving out the estimate's own booking: booking it again frees that place first.
 */
export async function dropOffDay(
  db: Db,
  estimateId: string,
  date: string,
  calendar: ShopCalendar,
  capacity: number,
): Promise<DropOffDay> {
  const open = openWindowsOn(date, calendar);
  if (open.length === 0) return { date, closed: closedDayProblem(date, calendar), windows: [] };
  const rows = await db
    .select({ slot: appointments.slot, value: count() })
    .from(appointments)
    .where(
      and(
        eq(appointments.dropOffDate, date),
        eq(appointments.status, 'scheduled'),
        ne(appointments.estimateId, estimateId),
      ),
    )
    .groupBy(appointments.slot);
  const taken = new Map<string, number>(rows.map((row) => [row.slot, row.value]));
  return {
    date,
    closed: null,
    windows: open.map((slot) => {
      const booked = taken.get(slot.id) ?? 0;
      return {
        id: slot.id,
        label: slot.label,
        taken: booked,
        capacity,
        full: booked >= capacity,
      };
    }),
  };
}
