import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/app-error.ts';
import { isApiRoute } from './api-route.ts';

export const NUL_CHARACTER_MESSAGE = 'The request contains a character that is not allowed (NUL, \\u0000).';

/**
 * PostgreSQL cannot store the NUL character in text: a value holding one would fail deep inside a
 * query as a server error. No form of this app has a use for it, so any request carrying one in its
 * path, query or body is refused up front: the path and the query here, a body by the parser that
 * makes it an object (json-body.ts, the Twilio form parser). Raw bodies (uploads, webhooks) are bytes
 * and pass; page paths of the browser app never reach the database.
 *
 * An onRequest hook, not a preValidation one: every request pays for each hook stage it goes through,
 * and this one is the only one that would need preValidation (decision 076). In the path or the query
 * a NUL can only come written as %00 (the HTTP parser refuses the raw byte), so most requests only
 * look at their URL.
 */
export function registerRejectNulText(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const refused =
      request.url.includes('%00') && isApiRoute(request) && (hasNul(request.params) || hasNul(request.query));
    done(refused ? nulRefused() : undefined);
  });
}

export function nulRefused(): AppError {
  return new AppError('bad_request', NUL_CHARACTER_MESSAGE);
}

export function hasNul(value: unknown): boolean {
  // An explicit stack: a deeply nested body must not overflow the call stack.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) stack.push(item);
    } else if (typeof next === 'object' && next !== null && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}
