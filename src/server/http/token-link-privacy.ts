import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { hitAddressRateLimit, type RateLimit } from './rate-limiter.ts';

/**
 * The token in a status, payment or survey link is the only key to what it opens: answers read
 * through it (the API's and the page's own HTML) are never stored by a cache, never name it to another
 * site in a Referer, and never appear in a search engine.
 */
export const PRIVATE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
};

/**
 * The onRequest hook of a route reached through a token link: every answer, refusals included, is
 * private, and each address has an allowance (guessing tokens costs the guesser, not the shop).
 */
export function tokenLinkCall(db: Db, limit: RateLimit) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.headers(PRIVATE_HEADERS);
    await hitAddressRateLimit(db, limit, request.ip);
  };
}
