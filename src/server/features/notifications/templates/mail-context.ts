import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import type { Language } from '#domain/language.ts';
import type { ShopInfo } from '#domain/shop.ts';
import type { EstimateRow, UserRow, VehicleRow } from '#server/db/schema.ts';
import { type Translate, translator } from '#server/i18n/translator.ts';

/** Everything a message about one estimate may mention. */
export interface EstimateMailContext {
  estimate: EstimateRow;
  customer: UserRow;
  vehicle: VehicleRow | null;
  appUrl: string;
  shop: ShopInfo;
  /** The status link a message to the customer carries (none in the shop's own e-mails). */
  statusUrl?: string;
}

export const reference = (ctx: EstimateMailContext) => estimateReference(ctx.estimate.id);

/** '2019 Toyota Camry', or 'your vehicle' when nothing is known about it. */
export const vehicleName = (ctx: EstimateMailContext) => vehicleTitle(ctx.vehicle) ?? 'your vehicle';

export const customerLink = (ctx: EstimateMailContext) => `${ctx.appUrl}/estimate/${ctx.estimate.id}`;
export const adminLink = (ctx: EstimateMailContext) => `${ctx.appUrl}/admin/estimate/${ctx.estimate.id}`;

/**
 * What the customer reads: their account's language when the message is written (the notify
 * functions write it inside the change's transaction and the outbox sends those very words later).
 * A customer who switches language between the two gets the message in the language they had when
 * it happened, like a letter already in the post; every message written after the switch follows it.
 */
export const customerLanguage = (ctx: EstimateMailContext): Language => ctx.customer.language;

/** The translator of the customer's language, for the messages written to them. */
export const customerWords = (ctx: EstimateMailContext): Translate => translator(customerLanguage(ctx));

/** 'Hi Maria,' / 'Hola, Maria:', or 'Hello,' / 'Hola:' when the name is unknown. */
export function greeting(customer: Pick<UserRow, 'firstName' | 'language'>): string {
  const t = translator(customer.language);
  const name = customer.firstName?.trim();
  return name ? t('mail.greeting.named', { name }) : t('mail.greeting.anonymous');
}

/** 'Maria Lopez', else the e-mail: how the shop recognises the customer. */
export function customerName(ctx: EstimateMailContext): string {
  const name = [ctx.customer.firstName, ctx.customer.lastName].filter(Boolean).join(' ').trim();
  return name || ctx.customer.email;
}

/** Where the customer wants to hear from the shop: the address on the request, else the account's. */
export const customerEmail = (ctx: EstimateMailContext) => ctx.estimate.contactEmail ?? ctx.customer.email;
