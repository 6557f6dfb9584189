import { randomFillSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Crockford's base32 (no i, l, o, u): easy to read out over the phone. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const REQUEST_ID_LENGTH = 10;
/** Random bytes are drawn in blocks, not per request. */
const pool = new Uint8Array(REQUEST_ID_LENGTH * 256);
let next = pool.length;

/**
 * Fastify's `genReqId`: 10 random characters (50 bits), so ids do not repeat across restarts or
 * server processes the way Fastify's counter (`req-1`…) does. An id sent by the client is never
 * used: it would let anyone write what they like into the log.
 */
export function newRequestId(): string {
  if (next + REQUEST_ID_LENGTH > pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  let id = '';
  for (let i = 0; i < REQUEST_ID_LENGTH; i += 1) id += ALPHABET[(pool[next + i] ?? 0) & 31];
  next += REQUEST_ID_LENGTH;
  return id;
}

/** Every answer says its request id (`X-Request-Id`): the one in its log line. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
