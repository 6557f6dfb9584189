import type { Db } from '#server/db/client.ts';
import type { PageGuard } from '#server/http/client-app.ts';
import { PRIVATE_HEADERS } from '#server/http/token-link-privacy.ts';
import { findLiveStatusLink } from './service.ts';

const STATUS_PAGE = /^\/status\/([^/]+)\/?$/;

/**
 * /status/<token> is a page of the app only while its link is valid: a tampered, expired or revoked
 * link gets the app's HTML with a 404 status (the page then says "This link is not valid"). Either
 * way the answer is private, like the API's.
 */
export function statusPageGuard(db: Db, secret: string): PageGuard {
  return async (pathname) => {
    const token = STATUS_PAGE.exec(pathname)?.[1];
    if (token === undefined) return null;
    // A token has no characters that need escaping: anything escaped is not one.
    const link = await findLiveStatusLink(db, secret, token);
    return { found: link !== null, headers: { ...PRIVATE_HEADERS } };
  };
}
