import type { PageGuard } from '#server/http/client-app.ts';
import { PRIVATE_HEADERS } from '#server/http/token-link-privacy.ts';
import { isLivePaymentToken } from './payment-links.ts';

const PAY_PAGE = /^\/pay\/([^/]+)\/?$/;

/**
 * /pay/<token> is a page of the app only while its link is one of ours and unexpired: anything else
 * gets the app's HTML with a 404 (the page then says the link is not valid). A paid bill still opens:
 * the page says, kindly, that nothing is due. Either way the answer is private.
 */
export function paymentPageGuard(secret: string): PageGuard {
  return async (pathname) => {
    const token = PAY_PAGE.exec(pathname)?.[1];
    if (token === undefined) return null;
    return { found: isLivePaymentToken(secret, token), headers: { ...PRIVATE_HEADERS } };
  };
}
