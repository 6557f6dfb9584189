import type { FastifyRequest } from 'fastify';

/**
 * One cookie the request came with. The Cookie header is parsed here, the first time a request asks,
 * rather than by @fastify/cookie's hook on every request (registered with `hook: false`): most
 * requests (files, health checks, anonymous calls) never read a cookie, and the hook cost each of
 * them a hook call and a Map (decision 076). Setting cookies is @fastify/cookie's as before.
 */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const parsed = request.cookies as FastifyRequest['cookies'] | null;
  if (parsed !== null) return parsed[name];
  const header = request.headers.cookie;
  request.cookies = header ? request.server.parseCookie(header) : {};
  return request.cookies[name];
}
