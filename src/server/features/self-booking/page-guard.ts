import type { PageGuard } from '#server/http/client-app.ts';
import { PRIVATE_HEADERS } from '#server/http/token-link-privacy.ts';
import { estimateIdOfLink } from './drop-off-link.ts';

const DROP_OFF_PAGE = /^\/drop-off\/([^/]+)\/?$/;

/**
 * /drop-off/<token> is a page of the app only while its link is one of ours and unexpired: anything
 * else gets the app's HTML with a 404 (the page then says the link is not valid). Always private.
 */
export function dropOffPageGuard(secret: string): PageGuard {
  return async (pathname) => {
    const token = DROP_OFF_PAGE.exec(pathname)?.[1];
    if (token === undefined) return null;
    let found = true;
    try {
      estimateIdOfLink(secret, token);
    } catch {
      found = false;
    }
    return { found, headers: { ...PRIVATE_HEADERS } };
  };
}
