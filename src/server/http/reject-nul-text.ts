import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/app-error.ts';
import { isApiRoute } from './api-route.ts';

export const NUL_CHARACTER_MESSAGE = 'The request contains a character that is not allowed (NUL, \\u0000).';

/**
 * PostgreSQL cannot store the NUL character in text: a value holding one would fail deep inside a
 * query as a server error. No form of this app has a use for it, so any request carrying one in its
 * path, query or JSON body is refused up front. Raw bodies (uploads, webhooks) are bytes and pass;
 * page paths of the browser app never reach the database.
 */
export function registerRejectNulText(app: FastifyInstance): void {
  // A callback, not async: it never waits (decision 076).
  app.addHook('preValidation', (request, _reply, done) => {
    // In the path or the query a NUL can only come written as %00 (the HTTP parser refuses the raw
    // byte), so most requests skip walking their parameters (decision 076).
    const refused =
      isApiRoute(request) &&
      ((request.url.includes('%00') && (hasNul(request.params) || hasNul(request.query))) ||
        (request.body !== undefined && hasNul(request.body)));
    done(refused ? new AppError('bad_request', NUL_CHARACTER_MESSAGE) : undefined);
  });
}

function hasNul(value: unknown): boolean {
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
