import { LRUCache } from 'lru-cache';
import { sessionId } from './session-store.ts';

/** The session behind a validly signed cookie: the token, and the id (its hash) the table keys on. */
export interface SessionCookie {
  token: string;
  id: string;
}

type Unsign = (value: string) => { valid: boolean; value: string | null };

/** Enough for every browser signed in to a busy shop; one entry is a few hundred bytes. */
const REMEMBERED_COOKIES = 10_000;

/**
 * Reads session cookies as every API request must. The signature check (an HMAC) and the token's hash
 * depend on nothing but the cookie and the server's secret, so a cookie seen before is not worked out
 * again: the 5-second poll spends its time on the answer, not on cryptography. Only validly signed
 * cookies are remembered, so made-up ones cannot push real ones out. Whether the session is still
 * live is always asked of the database.
 */
export function sessionCookieReader(unsign: Unsign): (cookie: string) => SessionCookie | null {
  const verified = new LRUCache<string, SessionCookie>({ max: REMEMBERED_COOKIES });
  return (cookie) => {
    const known = verified.get(cookie);
    if (known) return known;
    const { valid, value } = unsign(cookie);
    if (!valid || !value) return null;
    const session = { token: value, id: sessionId(value) };
    verified.set(cookie, session);
    return session;
  };
}
