import { and, desc, eq } from 'drizzle-orm';
import { dropOffCancelledNote, dropOffNote, type Note, selfBookedNote } from '#domain/admin-notes.ts';
import type { DropOffSlotId } from '#domain/drop-off-slots.ts';
import type { Db } from '#server/db/client.ts';
import { appointments, estimates, messages, type UserRow } from '#server/db/schema.ts';
import { cancelActiveAppointments } from '#server/features/estimates/shared.ts';
import { notifyDropOffScheduled, notifyShopOfDropOff } from '#server/features/notifications/shared.ts';
import { noteColumns } from '#server/i18n/note-text.ts';
import { bookDropOff } from './appointments.ts';

/**
 * The one way a drop-off is booked, whoever books it (the shop on the desk, the customer online):
 * the window's place is taken under its lock, the estimate becomes scheduled, the conversation gets
 * the note, the customer the e-mail, the text and the calendar link. A customer's own booking is
 * also told to the shop. Call it in the transaction that holds the estimate's row, after deciding
 * the estimate may be booked. A booking that stands is moved: its place is freed first.
 */
export async function placeDropOff(
  tx: Db,
  by: UserRow,
  booking: {
    estimateId: string;
    date: string;
    slot: DropOffSlotId;
    instructions: string;
    capacity: number;
    fullMessage: string;
  },
): Promise<string> {
  const { estimateId } = booking;
  const bookedByCustomer = !by.isAdmin;
  await cancelActiveAppointments(tx, estimateId);
  const appointmentId = await bookDropOff(tx, { ...booking, createdBy: by.id, bookedByCustomer });
  await tx.update(estimates).set({ status: 'scheduled' }).where(eq(estimates.id, estimateId));
  await writeNote(tx, by, estimateId, bookedByCustomer ? selfBookedNote(booking) : dropOffNote(booking));
  await notifyDropOffScheduled(tx, estimateId, appointmentId);
  if (bookedByCustomer) await notifyShopOfDropOff(tx, estimateId, appointmentId, 'booked');
  return appointmentId;
}

/**
 * The customer calls the drop-off off: its place is freed, the estimate waits, approved, for a new
 * time, the note says so and the shop hears it. Returns false when nothing was booked.
 */
export async function withdrawDropOff(tx: Db, by: UserRow, estimateId: string): Promise<boolean> {
  const [booked] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.estimateId, estimateId), eq(appointments.status, 'scheduled')))
    .orderBy(desc(appointments.createdAt))
    .limit(1);
  if (!booked) return false;
  await cancelActiveAppointments(tx, estimateId);
  await tx.update(estimates).set({ status: 'approved' }).where(eq(estimates.id, estimateId));
  await writeNote(tx, by, estimateId, dropOffCancelledNote({ date: booked.dropOffDate, slot: booked.slot }));
  if (!by.isAdmin) await notifyShopOfDropOff(tx, estimateId, booked.id, 'cancelled');
  return true;
}

/**
 * A note in the estimate's conversation, written in the name of whoever acted (a kind and its values,
 * read in each reader's language; or the shop's own words as written); its id.
 */
export async function writeNote(
  tx: Db,
  by: UserRow,
  estimateId: string,
  note: Note | { content: string },
): Promise<string> {
  const columns = 'kind' in note ? noteColumns(note) : note;
  const [row] = await tx
    .insert(messages)
    .values({ estimateId, authorId: by.id, isFromAdmin: by.isAdmin, ...columns })
    .returning({ id: messages.id });
  if (!row) throw new Error('message insert returned nothing');
  return row.id;
}
