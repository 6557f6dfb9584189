import { dropOffSlotLabel, formatDropOffDate } from '#domain/drop-off-slots.ts';
import { formatMoney } from '#domain/money.ts';
import { customerLink, type EstimateMailContext, reference, vehicleName } from './mail-context.ts';

/**
 * The repair updates a customer who asked for texts gets, one sentence or two each: the shop's name
 * and the opt-out line are added when they are sent (smsBody), several updates may share one text.
 */

export function quoteReadyText(ctx: EstimateMailContext): string {
  return `Your estimate #${reference(ctx)} is ready: ${formatMoney(ctx.estimate.estimatedAmount)}. Review and approve it at ${customerLink(ctx)}`;
}

export function dropOffBookedText(
  ctx: EstimateMailContext,
  appointment: { dropOffDate: string; slot: string },
): string {
  const calendar = `${ctx.appUrl}/api/estimates/${ctx.estimate.id}/drop-off.ics`;
  return `Drop-off for ${vehicleName(ctx)} is booked: ${formatDropOffDate(appointment.dropOffDate)}, ${dropOffSlotLabel(appointment.slot)}, ${ctx.shop.street}. Add it to your calendar: ${calendar}`;
}

export function readyForPickupText(ctx: EstimateMailContext, amountDueCents: number): string {
  const due =
    amountDueCents > 0
      ? ` Balance due: ${formatMoney(amountDueCents / 100)}, payable online or at the shop.`
      : '';
  return `${vehicleName(ctx)} is ready for pick-up.${due} ${customerLink(ctx)}`;
}

/** No link of its own: the text's status link shows the stage with its photos. */
export function stageReachedText(ctx: EstimateMailContext, stage: string, note: string | null): string {
  return `Update on your ${vehicleName(ctx)}: ${stage}.${note ? ` ${note}` : ''}`;
}

export function promisedDateChangedText(
  ctx: EstimateMailContext,
  date: string,
  reason: string | null,
): string {
  return `New ready date for your ${vehicleName(ctx)}: ${formatDropOffDate(date)}.${reason ? ` Why: ${reason}` : ''}`;
}
