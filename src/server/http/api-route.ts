import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** isApiRoute's answer once a hook has asked: null before. */
    apiRoute: boolean | null;
  }
}

/** Must be registered before the hooks that ask isApiRoute. */
export function registerApiRouteFlag(app: FastifyInstance): void {
  app.decorateRequest('apiRoute', null);
}

/**
 * Whether the route answering this request is an API route, by the route the router chose, never by
 * the raw URL: the router decodes the path, so `/%61pi/estimates` runs `/api/estimates`, and a hook
 * reading `request.url` would let it skip the checks every API request gets.
 *
 * Worked out once per request: Fastify builds a new `routeOptions` object each time it is read, and
 * five hooks ask (decision 076).
 */
export function isApiRoute(request: FastifyRequest): boolean {
  request.apiRoute ??= request.routeOptions.url?.startsWith('/api/') ?? false;
  return request.apiRoute;
}
