import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** routePattern's answer once asked: null before. */
    routePattern: string | null;
  }
}

/** Must be registered before the hooks that ask routePattern or isApiRoute. */
export function registerRoutePattern(app: FastifyInstance): void {
  app.decorateRequest('routePattern', null);
}

/**
 * The pattern of the route answering this request (`/api/estimates/:id`), '' when none matched.
 * Read once per request: Fastify builds a new `routeOptions` object of twelve fields each time it is
 * read, and six hooks ask (decision 076).
 */
export function routePattern(request: FastifyRequest): string {
  request.routePattern ??= request.routeOptions.url ?? '';
  return request.routePattern;
}

/**
 * Whether the route answering this request is an API route, by the route the router chose, never by
 * the raw URL: the router decodes the path, so `/%61pi/estimates` runs `/api/estimates`, and a hook
 * reading `request.url` would let it skip the checks every API request gets.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return routePattern(request).startsWith('/api/');
}
