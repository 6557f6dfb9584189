import { DEFAULT_SHOP, type ShopInfo } from '#domain/shop.ts';

let values: Record<string, unknown> = { replyHours: DEFAULT_SHOP.estimateReplyHours };

/**
 * Values every message may name, whatever screen shows it: the shop's promises, so that one setting
 * (SHOP_ESTIMATE_REPLY_HOURS) changes every page that makes them. A caller's own values come after.
 */
export function shopMessageValues(): Record<string, unknown> {
  return values;
}

/** Called by lib/shop.ts with the shop's details as the server wrote them into the page. */
export function setShopMessageValues(shop: ShopInfo): void {
  values = { replyHours: shop.estimateReplyHours };
}
