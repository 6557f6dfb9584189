import type { FastifyRequest } from 'fastify';

/**
 * Whether the route answering this request is an API route, by the route the router chose, never by
 * the raw URL: the router decodes the path, so `/%61pi/estimates` runs `/api/estimates`, and a hook
 * reading `request.url` would let it skip the checks every API request gets.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}
