import { setShopMessageValues } from '#client/i18n/shop-values.ts';
import { DEFAULT_SHOP, type ShopInfo } from '#domain/shop.ts';

/** The server writes the shop's details into the page; the defaults cover `npm run dev`. */
function readShop(): ShopInfo {
  const block = typeof document === 'undefined' ? null : document.getElementById('shop-config');
  if (!block?.textContent) return { ...DEFAULT_SHOP };
  try {
    return { ...DEFAULT_SHOP, ...(JSON.parse(block.textContent) as Partial<ShopInfo>) };
  } catch {
    return DEFAULT_SHOP;
  }
}

export const shop: ShopInfo = readShop();
// Every message may name the shop's promises (the reply time), whatever screen shows it.
setShopMessageValues(shop);

/** The server's prerender has no page to read: the details come from its configuration. */
export function setShopDetails(details: ShopInfo): void {
  Object.assign(shop, details);
  setShopMessageValues(shop);
}
