import { and, eq, isNull } from 'drizzle-orm';
import type { Appointment } from '#domain/admin-estimates.ts';
import { bookingHorizonDays, dropOffProblem, firstBookableDay, shopToday } from '#domain/drop-off-slots.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import type { Language } from '#domain/language.ts';
import {
  type BookDropOff,
  type BookedDropOff,
  customerMayChange,
  DROP_OFF_CHANGE_CLOSED,
  DROP_OFF_CHECKED_IN,
  DROP_OFF_DAY_PASSED,
  DROP_OFF_FROM_TOMORROW,
  DROP_OFF_NOT_APPROVED,
  DROP_OFF_WINDOW_TAKEN,
  type DropOffLinkPage,
  type DropOffWindowsQuery,
  dropOffMoved,
  NO_DROP_OFF_TO_CANCEL,
  type OpenWindow,
} from '#domain/self-booking.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import {
  appointments,
  type EstimateRow,
  estimates,
  type UserRow,
  users,
  vehicles,
} from '#server/db/schema.ts';
import {
  findActiveAppointment,
  placeDropOff,
  withdrawDropOff,
} from '#server/features/admin-estimates/shared.ts';
import { isCheckedInForThisVisit } from '#server/features/check-ins/shared.ts';
import {
  findEstimateForUser,
  lockEstimateForUser,
  touchEstimates,
} from '#server/features/estimates/shared.ts';
import { translator } from '#server/i18n/translator.ts';
import { dropOffLinkNotValid, estimateIdOfLink } from './drop-off-link.ts';
import type { SelfBookingSettings } from './settings.ts';
import { listOpenWindows } from './windows.ts';

/**
 * The customer's own drop-off: the windows open to them, booking one (or moving to one), cancelling
 * up to the day before; and the same through the reminder's signed link, signed out, in the name of
 * the estimate's owner. The shop may call the signed-in routes too (the desk), from today on.
 */

const clock = (settings: SelfBookingSettings) => settings.now?.() ?? new Date();

export async function dropOffWindows(
  db: Db,
  settings: SelfBookingSettings,
  user: UserRow,
  estimateId: string,
  query: DropOffWindowsQuery,
): Promise<OpenWindow[]> {
  const estimate = await findEstimateForUser(db, estimateId, user);
  return listOpenWindows(db, settings, estimate.id, user.isAdmin, query);
}

/**
 * Books the window (or moves the booking to it): a real window inside the shop's hours on an open
 * day, from tomorrow and within the booking horizon for a customer; the estimate approved, or
 * scheduled for after today, its car not checked in yet; a place left, decided under the window's
 * lock (the last place goes to one booking, the other gets 409). A move keeps the booking's
 * instructions (the shop's own words on a booking the desk made, however often it is moved): the
 * customer chose a new time, not new directions. A new booking carries what to bring.
 */
export async function bookDropOff(
  db: Db,
  settings: SelfBookingSettings,
  user: UserRow,
  estimateId: string,
  booking: BookDropOff,
): Promise<BookedDropOff> {
  const now = clock(settings);
  const calendar = await settings.calendarFor([booking.date]);
  const problem = dropOffProblem(booking.date, booking.slot, now, calendar, bookingHorizonDays(user.isAdmin));
  if (problem) throw new AppError('bad_request', problem);
  if (booking.date < firstBookableDay(user.isAdmin, now)) {
    throw new AppError('bad_request', DROP_OFF_FROM_TOMORROW);
  }
  await db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, estimateId, user);
    const standing = await assertMayBook(tx, estimate, user, now);
    const instructions =
      standing?.instructions ??
      translator(await ownerLanguage(tx, estimate, user))('mail.dropOff.whatToBring');
    await placeDropOff(tx, user, {
      estimateId: estimate.id,
      ...booking,
      instructions,
      capacity: settings.capacity,
      fullMessage: DROP_OFF_WINDOW_TAKEN,
    });
    await touchEstimates(tx, estimate.id);
  });
  return currentBooking(db, estimateId);
}

/**
 * Cancels the booking up to the day before, while the car is not checked in (the shop: any time): the
 * place is freed, the estimate approved again.
 */
export async function cancelDropOff(
  db: Db,
  settings: SelfBookingSettings,
  user: UserRow,
  estimateId: string,
): Promise<BookedDropOff> {
  const now = clock(settings);
  await db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, estimateId, user);
    const booked = estimate.status === 'scheduled' ? await findActiveAppointment(tx, estimate.id) : null;
    if (!booked) throw new AppError('conflict', NO_DROP_OFF_TO_CANCEL);
    if (!user.isAdmin && !customerMayChange(booked.date, shopToday(now))) {
      throw new AppError('conflict', DROP_OFF_CHANGE_CLOSED);
    }
    if (!user.isAdmin && (await isCheckedInForThisVisit(tx, estimate.id))) {
      throw new AppError('conflict', DROP_OFF_CHECKED_IN);
    }
    await withdrawDropOff(tx, user, estimate.id);
    await touchEstimates(tx, estimate.id);
  });
  return currentBooking(db, estimateId);
}

/** The page a drop-off link opens: the booking as it stands now (moved, cancelled or confirmed). */
export async function loadDropOffLink(
  db: Db,
  settings: SelfBookingSettings,
  token: string,
): Promise<DropOffLinkPage> {
  const { estimate, owner } = await estimateOfLink(db, settings, token);
  const dropOff = estimate.status === 'scheduled' ? await findActiveAppointment(db, estimate.id) : null;
  const [vehicle] = estimate.vehicleId
    ? await db.select().from(vehicles).where(eq(vehicles.id, estimate.vehicleId)).limit(1)
    : [];
  const today = shopToday(clock(settings));
  const open = estimate.status === 'approved' || (dropOff !== null && customerMayChange(dropOff.date, today));
  return {
    shopName: settings.shopName,
    vehicle: vehicle ? vehicleTitle(vehicle) : null,
    language: owner.language,
    status: estimate.status,
    dropOff,
    canBook: open && !(await isCheckedInForThisVisit(db, estimate.id)),
  };
}

/**
 * "Yes, I'll be there": the booking's confirmedAt is recorded (once; the first time stands). Only the
 * booking the customer was shown is confirmed: the token names the estimate, so a reminder of a
 * booking since moved would otherwise confirm the new time unseen (409 naming it); nor a booking whose
 * day has passed.
 */
export async function confirmDropOff(
  db: Db,
  settings: SelfBookingSettings,
  token: string,
  appointmentId: string,
): Promise<DropOffLinkPage> {
  const { estimate } = await estimateOfLink(db, settings, token);
  const booked = estimate.status === 'scheduled' ? await findActiveAppointment(db, estimate.id) : null;
  if (!booked) throw new AppError('conflict', NO_DROP_OFF_TO_CANCEL);
  if (booked.id !== appointmentId) throw new AppError('conflict', dropOffMoved(booked.date, booked.slot));
  if (booked.date < shopToday(clock(settings))) throw new AppError('conflict', DROP_OFF_DAY_PASSED);
  await db.transaction(async (tx) => {
    await tx
      .update(appointments)
      .set({ confirmedAt: clock(settings) })
      .where(and(eq(appointments.id, booked.id), isNull(appointments.confirmedAt)));
    await touchEstimates(tx, estimate.id);
  });
  return loadDropOffLink(db, settings, token);
}

export async function dropOffWindowsThroughLink(
  db: Db,
  settings: SelfBookingSettings,
  token: string,
  query: DropOffWindowsQuery,
): Promise<OpenWindow[]> {
  const { estimate } = await estimateOfLink(db, settings, token);
  return listOpenWindows(db, settings, estimate.id, false, query);
}

/** Books or moves through the link, as the estimate's owner would signed in. */
export async function bookDropOffThroughLink(
  db: Db,
  settings: SelfBookingSettings,
  token: string,
  booking: BookDropOff,
): Promise<BookedDropOff> {
  const { estimate, owner } = await estimateOfLink(db, settings, token);
  return bookDropOff(db, settings, owner, estimate.id, booking);
}

/** The estimate's status and its live booking, as the booking routes answer. */
async function currentBooking(db: Db, estimateId: string): Promise<BookedDropOff> {
  const [row] = await db
    .select({ status: estimates.status })
    .from(estimates)
    .where(eq(estimates.id, estimateId))
    .limit(1);
  const status = row?.status ?? 'approved';
  return { status, dropOff: status === 'scheduled' ? await findActiveAppointment(db, estimateId) : null };
}

/**
 * Approved, or scheduled for after today when a customer moves it, and (for a customer) the car not
 * checked in for this visit; the shop may move any booking. Returns the booking that stands (a move).
 */
async function assertMayBook(
  tx: Db,
  estimate: EstimateRow,
  user: UserRow,
  now: Date,
): Promise<Appointment | null> {
  if (estimate.status !== 'approved' && estimate.status !== 'scheduled') {
    throw new AppError('conflict', DROP_OFF_NOT_APPROVED);
  }
  const booked = estimate.status === 'scheduled' ? await findActiveAppointment(tx, estimate.id) : null;
  if (user.isAdmin) return booked;
  if (booked && !customerMayChange(booked.date, shopToday(now))) {
    throw new AppError('conflict', DROP_OFF_CHANGE_CLOSED);
  }
  if (await isCheckedInForThisVisit(tx, estimate.id)) throw new AppError('conflict', DROP_OFF_CHECKED_IN);
  return booked;
}

/** The language the customer reads: theirs when they book, the estimate owner's when the shop does. */
async function ownerLanguage(tx: Db, estimate: EstimateRow, user: UserRow): Promise<Language> {
  if (estimate.userId === user.id) return user.language;
  const [owner] = await tx
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, estimate.userId));
  return owner?.language ?? 'en';
}

async function estimateOfLink(
  db: Db,
  settings: SelfBookingSettings,
  token: string,
): Promise<{ estimate: EstimateRow; owner: UserRow }> {
  const id = estimateIdOfLink(settings.secret, token, clock(settings));
  const [row] = await db
    .select({ estimate: estimates, owner: users })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .where(eq(estimates.id, id))
    .limit(1);
  if (!row) throw dropOffLinkNotValid();
  return row;
}
