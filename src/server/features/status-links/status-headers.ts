import type { FastifyReply } from 'fastify';

/**
 * The token in a status link is the only key to the page: answers read through it (the API's and the
 * page's own HTML) are never stored by a cache, never name it to another site in a Referer, and never
 * appear in a search engine.
 */
export const PRIVATE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
};

export function markPrivate(reply: FastifyReply): FastifyReply {
  return reply.headers(PRIVATE_HEADERS);
}
