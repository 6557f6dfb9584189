import { dropOffSlotLabel } from '#domain/drop-off-slots.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import type { DEFAULT_REPAIR_STAGES } from '#domain/repair-progress.ts';
import { longDay, money, shortDay } from '#server/i18n/format.ts';
import type { ServerMessageId, Translate } from '#server/i18n/translator.ts';
import {
  customerLanguage,
  customerLink,
  customerWords,
  type EstimateMailContext,
  reference,
} from './mail-context.ts';

/**
 * The repair updates a customer who asked for texts gets, one sentence or two each, in their
 * language: the shop's name and the opt-out line are added when they are sent (smsBody), several
 * updates may share one text.
 */

/** 'your 2019 Toyota Camry' reads 'your {vehicle}' in English; Spanish carries 'su' in the value. */
function vehicle(ctx: EstimateMailContext, t: Translate): string {
  const title = vehicleTitle(ctx.vehicle);
  return title ? t('text.vehicle.named', { title }) : t('text.vehicle.unknown');
}

export function quoteReadyText(ctx: EstimateMailContext): string {
  const t = customerWords(ctx);
  return t('text.quoteReady', {
    reference: reference(ctx),
    total: money(customerLanguage(ctx), ctx.estimate.estimatedAmount),
    link: customerLink(ctx),
  });
}

export function dropOffBookedText(
  ctx: EstimateMailContext,
  appointment: { dropOffDate: string; slot: string },
): string {
  const t = customerWords(ctx);
  const language = customerLanguage(ctx);
  return t('text.dropOffBooked', {
    vehicle: vehicle(ctx, t),
    date: longDay(language, appointment.dropOffDate),
    slot: dropOffSlotLabel(appointment.slot, language),
    street: ctx.shop.street,
    calendar: `${ctx.appUrl}/api/estimates/${ctx.estimate.id}/drop-off.ics`,
  });
}

export function readyForPickupText(
  ctx: EstimateMailContext,
  amountDueCents: number,
  storage: { from: string; rate: string } | null = null,
): string {
  const t = customerWords(ctx);
  const language = customerLanguage(ctx);
  const link = customerLink(ctx);
  const ready =
    amountDueCents <= 0
      ? t('text.readyForPickup', { vehicle: vehicle(ctx, t), link })
      : t('text.readyForPickupWithBalance', {
          vehicle: vehicle(ctx, t),
          amount: money(language, amountDueCents / 100),
          link,
        });
  if (!storage) return ready;
  const charge = t('text.storageFrom', {
    rate: money(language, storage.rate),
    from: shortDay(language, storage.from),
  });
  return `${ready} ${charge}`;
}

/** The default stages have words in each language; a stage the shop named itself is said as named. */
const STAGE_WORDS: Record<(typeof DEFAULT_REPAIR_STAGES)[number], ServerMessageId> = {
  'Parts ordered': 'text.stage.partsOrdered',
  'Parts received': 'text.stage.partsReceived',
  'Body repair': 'text.stage.bodyRepair',
  Paint: 'text.stage.paint',
  Reassembly: 'text.stage.reassembly',
  'Quality check': 'text.stage.qualityCheck',
  'Ready for pickup': 'text.stage.readyForPickup',
};

export function stageWords(t: Translate, stage: string): string {
  const id = STAGE_WORDS[stage as keyof typeof STAGE_WORDS];
  return id ? t(id) : stage;
}

/** No link of its own: the text's status link shows the stage with its photos. */
export function stageReachedText(ctx: EstimateMailContext, stage: string, note: string | null): string {
  const t = customerWords(ctx);
  const values = { vehicle: vehicle(ctx, t), stage: stageWords(t, stage) };
  return note ? t('text.stageReachedWithNote', { ...values, note }) : t('text.stageReached', values);
}

export function promisedDateChangedText(
  ctx: EstimateMailContext,
  date: string,
  reason: string | null,
): string {
  const t = customerWords(ctx);
  const values = { vehicle: vehicle(ctx, t), date: longDay(customerLanguage(ctx), date) };
  return reason
    ? t('text.promisedDateChangedWithReason', { ...values, reason })
    : t('text.promisedDateChanged', values);
}

/** Staff ask for the balance: the payment link's page takes the card without signing in. */
export function paymentLinkText(ctx: EstimateMailContext, url: string, amountDueCents: number): string {
  const t = customerWords(ctx);
  return t('text.payLink', {
    vehicle: vehicle(ctx, t),
    amount: money(customerLanguage(ctx), amountDueCents / 100),
    link: url,
  });
}
