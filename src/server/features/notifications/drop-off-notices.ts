import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type AppointmentRow, appointments, estimates } from '#server/db/schema.ts';
import { loadContext } from './notify.ts';
import { cancelQueuedMessage, queueEmail, queueText } from './outbox.ts';
import { notificationSettings } from './settings.ts';
import {
  dropOffReminderMail,
  dropOffReminderText,
  type ReminderLinks,
  shopDropOffMail,
} from './templates/drop-off-mails.ts';
import { customerEmail, customerLanguage } from './templates/mail-context.ts';
import { hasOptedOut } from './texts.ts';

/**
 * The day-before reminder of one booking: an e-mail, and a text to a number that asked for texts and
 * has not said STOP, each with the confirm and reschedule links. Queued at most once per booking
 * whoever calls and however often (the dedupe keys name the appointment): the reminder job may run
 * in several servers, and again after a restart. Its own text, never folded into a repair update.
 */
export async function notifyDropOffReminder(
  tx: Db,
  appointment: AppointmentRow,
  links: ReminderLinks,
): Promise<void> {
  const ctx = await loadContext(tx, appointment.estimateId);
  const withStatus = {
    ...ctx,
    statusUrl: await notificationSettings().statusLink(tx, appointment.estimateId),
  };
  const { mailFrom, shopNotifyEmail } = notificationSettings();
  await queueEmail(tx, {
    topic: 'drop_off_reminder',
    estimateId: appointment.estimateId,
    dedupeKey: reminderKeys(appointment.id).email,
    payload: {
      from: mailFrom,
      to: customerEmail(ctx),
      replyTo: shopNotifyEmail,
      ...dropOffReminderMail(withStatus, appointment, links),
    },
  });
  const [row] = await tx
    .select({ phone: estimates.smsPhone })
    .from(estimates)
    .where(eq(estimates.id, appointment.estimateId))
    .limit(1);
  const phone = row?.phone;
  if (!phone || (await hasOptedOut(tx, phone))) return;
  await queueText(tx, {
    topic: 'drop_off_reminder',
    estimateId: appointment.estimateId,
    dedupeKey: reminderKeys(appointment.id).text,
    payload: {
      to: phone,
      shopName: ctx.shop.name,
      updates: [dropOffReminderText(ctx, appointment, links)],
      language: customerLanguage(ctx),
    },
  });
}

/** One reminder per booking and channel: the outbox refuses a second under the same key. */
const reminderKeys = (appointmentId: string) => ({
  email: `drop-off-reminder-email:${appointmentId}`,
  text: `drop-off-reminder-text:${appointmentId}`,
});

/**
 * A booking was cancelled, moved or marked missed: its reminder, if still waiting in the outbox (a
 * send that failed and waits for its retry), is withdrawn rather than sent about a time that is gone.
 */
export async function withdrawDropOffReminder(tx: Db, appointmentId: string): Promise<void> {
  const keys = reminderKeys(appointmentId);
  await cancelQueuedMessage(tx, keys.email);
  await cancelQueuedMessage(tx, keys.text);
}

/** The shop hears of a drop-off the customer booked, moved or cancelled themselves. */
export async function notifyShopOfDropOff(
  tx: Db,
  estimateId: string,
  appointmentId: string,
  change: 'booked' | 'cancelled',
): Promise<void> {
  const [appointment] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.estimateId, estimateId)))
    .limit(1);
  if (!appointment) throw new Error(`appointment ${appointmentId} of estimate ${estimateId} not found`);
  const ctx = await loadContext(tx, estimateId);
  const { mailFrom, shopNotifyEmail } = notificationSettings();
  await queueEmail(tx, {
    topic: 'shop_drop_off',
    estimateId,
    payload: {
      from: mailFrom,
      to: shopNotifyEmail,
      replyTo: customerEmail(ctx),
      ...shopDropOffMail(ctx, appointment, change),
    },
  });
}
