import { dropOffSlotLabel } from '#domain/drop-off-slots.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import { longDay } from '#server/i18n/format.ts';
import type { Translate } from '#server/i18n/translator.ts';
import { type RenderedMail, renderMail } from './layout.ts';
import {
  adminLink,
  customerLanguage,
  customerName,
  customerWords,
  type EstimateMailContext,
  greeting,
  reference,
  vehicleName,
} from './mail-context.ts';

/** The day-before reminder (e-mail and text, the customer's language) and the shop's word of a self-booking. */

interface Booked {
  dropOffDate: string;
  slot: string;
  instructions: string;
}

/** Where the reminder's two links go: the same booking page, confirming or not. */
export interface ReminderLinks {
  confirmUrl: string;
  rescheduleUrl: string;
}

function vehicle(ctx: EstimateMailContext, t: Translate, kind: 'mail' | 'text'): string {
  const title = vehicleTitle(ctx.vehicle);
  if (kind === 'mail') return title ? t('mail.vehicle.named', { title }) : t('mail.vehicle.unknown');
  return title ? t('text.vehicle.named', { title }) : t('text.vehicle.unknown');
}

export function dropOffReminderMail(
  ctx: EstimateMailContext,
  appointment: Booked,
  links: ReminderLinks,
): RenderedMail {
  const t = customerWords(ctx);
  const language = customerLanguage(ctx);
  const date = longDay(language, appointment.dropOffDate);
  const time = dropOffSlotLabel(appointment.slot, language);
  return renderMail(
    {
      greeting: greeting(ctx.customer),
      subject: t('mail.reminder.subject', { time }),
      paragraphs: [
        t('mail.reminder.tomorrow', { vehicle: vehicle(ctx, t, 'mail') }),
        t('mail.reminder.bring'),
      ],
      details: [
        [t('mail.detail.date'), date],
        [t('mail.detail.time'), time],
        [t('mail.detail.address'), `${ctx.shop.name}, ${ctx.shop.street}, ${ctx.shop.city}`],
        [t('mail.detail.reference'), reference(ctx)],
      ],
      quote: appointment.instructions.trim()
        ? { label: t('mail.dropOff.instructions'), text: appointment.instructions }
        : undefined,
      action: { label: t('mail.reminder.confirm'), url: links.confirmUrl },
      secondAction: { label: t('mail.reminder.reschedule'), url: links.rescheduleUrl },
      closing: t('mail.callUs', { phone: ctx.shop.phone }),
      statusLink: ctx.statusUrl,
    },
    ctx.shop,
    language,
  );
}

export function dropOffReminderText(
  ctx: EstimateMailContext,
  appointment: Booked,
  links: ReminderLinks,
): string {
  const t = customerWords(ctx);
  const language = customerLanguage(ctx);
  return t('text.dropOffReminder', {
    vehicle: vehicle(ctx, t, 'text'),
    slot: dropOffSlotLabel(appointment.slot, language),
    street: ctx.shop.street,
    confirm: links.confirmUrl,
    reschedule: links.rescheduleUrl,
  });
}

/** The shop's word that a customer booked, moved or cancelled their own drop-off (English, as the shop's mails are). */
export function shopDropOffMail(
  ctx: EstimateMailContext,
  appointment: Booked,
  change: 'booked' | 'cancelled',
): RenderedMail {
  const when = `${longDay('en', appointment.dropOffDate)}, ${dropOffSlotLabel(appointment.slot)}`;
  const booked = change === 'booked';
  return renderMail(
    {
      greeting: 'Hello,',
      subject: booked
        ? `Drop-off booked online: ${when} (#${reference(ctx)})`
        : `Drop-off cancelled online: ${when} (#${reference(ctx)})`,
      paragraphs: [
        booked
          ? `${customerName(ctx)} booked the drop-off of ${vehicleName(ctx)} for ${when}.`
          : `${customerName(ctx)} cancelled the drop-off of ${vehicleName(ctx)} on ${when}. The place is free again; the estimate is back to Approved.`,
      ],
      details: [
        ['Reference', reference(ctx)],
        ['Customer', customerName(ctx)],
        ['Vehicle', vehicleName(ctx)],
      ],
      action: { label: 'Open the estimate', url: adminLink(ctx) },
    },
    ctx.shop,
  );
}
