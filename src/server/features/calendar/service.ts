import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Calendar,
  type CalendarDropOff,
  type CalendarDueOut,
  CLOSED_STATUSES,
  monthRange,
  ON_CALENDAR_STATUSES,
  shopMonth,
  UNSCHEDULED_LIST_LIMIT,
  type UnscheduledEstimate,
} from '#domain/calendar.ts';
import { dropOffSlotLabel, shopToday } from '#domain/drop-off-slots.ts';
import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import { forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { appointments, estimates, type UserRow, users, vehicles } from '#server/db/schema.ts';
import { currentStage } from '#server/features/estimates/shared.ts';

/**
 * The shop's drop-off calendar for one month (default: the current month at the shop).
 *
 * - A drop-off is an estimate's live booking: its newest appointment with status 'scheduled'
 *   (cancelled bookings never show; an older booking left behind by a reschedule is ignored), placed
 *   on its drop-off date, while the estimate is scheduled, in progress or completed.
 * - 'Approved – not yet scheduled' lists approved estimates, and scheduled ones that have no booking
 *   (the status can be set by hand without picking a date), longest waiting first.
 * - Counters: Total Scheduled = scheduled estimates with a booking, any month; This Month = the
 *   month's drop-offs; Approved = approved estimates.
 */
export async function loadCalendar(
  db: Db,
  user: UserRow,
  { month, now = new Date() }: { month?: string; now?: Date },
): Promise<Calendar> {
  if (!user.isAdmin) throw forbidden();
  const shown = month ?? shopMonth(now);
  const dropOffs = await monthDropOffs(db, shown);
  const dueOuts = await monthDueOuts(db, shown);
  const unscheduled = await awaitingDropOffDate(db);
  const counts = await statusCounts(db);
  const noShows = await monthNoShows(db, shown);
  return {
    month: shown,
    today: shopToday(now),
    dropOffs,
    dueOuts,
    approvedUnscheduled: unscheduled,
    counters: {
      totalScheduled: counts.scheduledWithDate,
      thisMonth: dropOffs.length,
      approved: counts.approved,
      noShowsThisMonth: noShows,
    },
  };
}

const newer = alias(appointments, 'newer_appointment');

/**
 * True for an appointment that is its estimate's newest 'scheduled' one: a lookup of the estimate's few
 * appointments per row of the month (a NOT EXISTS was planned as a hash of every appointment ever).
 */
const isLiveBooking = (db: Db): SQL =>
  sql`${appointments.id} = (${db
    .select({ id: newer.id })
    .from(newer)
    .where(and(eq(newer.estimateId, appointments.estimateId), eq(newer.status, 'scheduled')))
    .orderBy(desc(newer.createdAt), desc(newer.id))
    .limit(1)})`;

/** True for an estimate that has a booking (an appointment with status 'scheduled'). */
const hasBooking = (db: Db): SQL =>
  exists(
    db
      .select({ one: sql`1` })
      .from(appointments)
      .where(and(eq(appointments.estimateId, estimates.id), eq(appointments.status, 'scheduled'))),
  );

/** The estimate's booking, if any, as a lateral row (its appointments_estimate_idx entries only). */
const bookingOf = (db: Db) =>
  db
    .select({ booked: sql<number>`1`.as('booked') })
    .from(appointments)
    .where(and(eq(appointments.estimateId, estimates.id), eq(appointments.status, 'scheduled')))
    .limit(1)
    .as('booking');

const customerColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  licensePlate: vehicles.licensePlate,
  vehicleId: vehicles.id,
};

interface CustomerFields {
  firstName: string | null;
  lastName: string | null;
  email: string;
  year: number | null;
  make: string | null;
  model: string | null;
  licensePlate: string | null;
  vehicleId: string | null;
}

function presentCustomer(row: CustomerFields): Pick<CalendarDropOff, 'customerName' | 'vehicle'> {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return {
    customerName: name || row.email,
    vehicle: row.vehicleId ? { title: vehicleTitle(row), licensePlate: row.licensePlate } : null,
  };
}

/** One query, bounded by the month's dates (appointments_date_idx). */
async function monthDropOffs(db: Db, month: string): Promise<CalendarDropOff[]> {
  const { first, next } = monthRange(month);
  const rows = await db
    .select({
      appointmentId: appointments.id,
      date: appointments.dropOffDate,
      slot: appointments.slot,
      bookedByCustomer: appointments.bookedByCustomer,
      confirmedAt: appointments.confirmedAt,
      estimateId: estimates.id,
      status: estimates.status,
      ...customerColumns,
    })
    .from(appointments)
    .innerJoin(estimates, eq(estimates.id, appointments.estimateId))
    .innerJoin(users, eq(users.id, estimates.userId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(
      and(
        gte(appointments.dropOffDate, first),
        lt(appointments.dropOffDate, next),
        eq(appointments.status, 'scheduled'),
        inArray(estimates.status, [...ON_CALENDAR_STATUSES]),
        isLiveBooking(db),
      ),
    )
    .orderBy(asc(appointments.dropOffDate), asc(appointments.slot), asc(appointments.createdAt));
  return rows.map((row) => ({
    appointmentId: row.appointmentId,
    estimateId: row.estimateId,
    reference: estimateReference(row.estimateId),
    date: row.date,
    slot: row.slot,
    slotLabel: dropOffSlotLabel(row.slot),
    status: row.status,
    bookedByCustomer: row.bookedByCustomer,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    ...presentCustomer(row),
  }));
}

/** The month's missed drop-offs, counted by the day they were due (appointments_date_idx). */
async function monthNoShows(db: Db, month: string): Promise<number> {
  const { first, next } = monthRange(month);
  const [row] = await db
    .select({ value: count() })
    .from(appointments)
    .where(
      and(
        gte(appointments.dropOffDate, first),
        lt(appointments.dropOffDate, next),
        eq(appointments.status, 'no_show'),
      ),
    );
  return row?.value ?? 0;
}

/**
 * The month's cars due out: open estimates whose promised date falls in it, and completed ones
 * still waiting to be picked up (the list is where staff record the pickup). Without an index on the
 * promised date this reads the open estimates, which a family shop counts in hundreds at most.
 */
async function monthDueOuts(db: Db, month: string): Promise<CalendarDueOut[]> {
  const { first, next } = monthRange(month);
  const rows = await db
    .select({
      estimateId: estimates.id,
      date: estimates.promisedDate,
      status: estimates.status,
      repairStage: currentStage(),
      ...customerColumns,
    })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .where(
      and(
        gte(estimates.promisedDate, first),
        lt(estimates.promisedDate, next),
        or(
          notInArray(estimates.status, [...CLOSED_STATUSES]),
          and(eq(estimates.status, 'completed'), isNull(estimates.pickedUpAt)),
        ),
      ),
    )
    .orderBy(asc(estimates.promisedDate), asc(estimates.id));
  return rows.flatMap((row) =>
    row.date
      ? [
          {
            estimateId: row.estimateId,
            reference: estimateReference(row.estimateId),
            date: row.date,
            status: row.status,
            repairStage: row.repairStage,
            ...presentCustomer(row),
          },
        ]
      : [],
  );
}

/** Approved estimates, and scheduled ones without a booking; the total comes with the page of rows. */
async function awaitingDropOffDate(db: Db): Promise<{ estimates: UnscheduledEstimate[]; total: number }> {
  const rows = await db
    .select({
      estimateId: estimates.id,
      status: estimates.status,
      createdAt: estimates.createdAt,
      total: sql<number>`(count(*) over ())::int`,
      ...customerColumns,
    })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
    .leftJoinLateral(bookingOf(db), sql`true`)
    // The IN reads the two statuses from estimates_status_created_id_idx; the booking is looked up for
    // those rows only (a NOT EXISTS under OR may be planned as a hash of every appointment).
    .where(
      and(
        inArray(estimates.status, ['approved', 'scheduled']),
        or(eq(estimates.status, 'approved'), sql`booking.booked is null`),
      ),
    )
    .orderBy(asc(estimates.createdAt), asc(estimates.id))
    .limit(UNSCHEDULED_LIST_LIMIT);
  return {
    total: rows[0]?.total ?? 0,
    estimates: rows.map((row) => ({
      estimateId: row.estimateId,
      reference: estimateReference(row.estimateId),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      ...presentCustomer(row),
    })),
  };
}

async function statusCounts(db: Db): Promise<{ scheduledWithDate: number; approved: number }> {
  const [row] = await db
    .select({
      scheduledWithDate: sql<number>`(count(*) filter (where ${estimates.status} = 'scheduled' and ${hasBooking(db)}))::int`,
      approved: sql<number>`(count(*) filter (where ${estimates.status} = 'approved'))::int`,
    })
    .from(estimates)
    .where(inArray(estimates.status, ['scheduled', 'approved']));
  return { scheduledWithDate: row?.scheduledWithDate ?? 0, approved: row?.approved ?? 0 };
}
