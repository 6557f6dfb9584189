import { shop } from '#client/lib/shop.ts';

/**
 * Values every message may name, whatever screen shows it: the shop's promises, so that one setting
 * (SHOP_ESTIMATE_REPLY_HOURS) changes every page that makes them. A caller's own values come after.
 */
export function shopMessageValues(): Record<string, unknown> {
  return { replyHours: shop.estimateReplyHours };
}
