import type { ServerOptions } from 'node:http';

/**
 * How long a client may take to send a request. Fastify turns Node's request timeout off by default
 * (`requestTimeout: 0`): a connection that sent its headers and part of a body would then be held
 * open for ever, and enough of them exhaust the server. Both limits count from the first byte of the
 * request; a client that goes over them gets 408 and the connection is closed.
 */
export interface ServerTimeouts {
  /** The whole request, headers and body. */
  requestMs: number;
  /** The headers alone (at most `requestMs`). */
  headersMs: number;
  /** How often Node looks for requests over their time (its default, 30 s, would double the wait). */
  checkEveryMs: number;
}

/**
 * 30 s for a whole request: a 10 MiB photo (the largest upload) then needs about 2.8 Mbit/s from the
 * phone; slower uploads get 408, and the photo step offers a retry as for any failed upload.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = { requestMs: 30_000, headersMs: 15_000, checkEveryMs: 2_000 };

/** The options of Node's HTTP server that carry these limits (Fastify's `http` option). */
export function serverTimeoutOptions(timeouts: ServerTimeouts): ServerOptions {
  return {
    requestTimeout: timeouts.requestMs,
    headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
    connectionsCheckingInterval: timeouts.checkEveryMs,
  };
}
