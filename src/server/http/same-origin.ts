import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/app-error.ts';
import type { AppConfig } from '#server/config.ts';
import { isApiRoute, routePattern } from './api-route.ts';

export const CROSS_SITE_REFUSED =
  'This request came from another website and was refused. Please use the shop’s own pages.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Server-to-server calls that prove themselves another way (Stripe and Twilio sign every request). */
const EXEMPT_ROUTES = new Set(['/api/stripe/webhook', '/api/twilio/inbound']);

/**
 * Refuses state-changing API requests that a browser says came from another site: a second line
 * behind the SameSite=Lax session cookie against cross-site request forgery.
 *
 * - `Sec-Fetch-Site` (sent by every current browser) must be `same-origin`, or `none` (the user's
 *   own action, such as a bookmark: never something another site can trigger). `same-site` is
 *   refused too: a neighbouring subdomain is not the shop.
 * - `Origin`, when sent, must be this app's own: the origin of APP_URL (the public address: set it
 *   behind a proxy), or the request's scheme and its Host header. X-Forwarded-Host is never used: a
 *   proxy setting trusted for client addresses is no reason to let a header choose what counts as
 *   this app. (The scheme comes from X-Forwarded-Proto only when TRUST_PROXY trusts the sender.)
 * - A request with neither header is not from a browser page (curl, scripts, tests): allowed, since
 *   such a client sends no cookie it did not choose to send.
 */
export function registerSameOriginCheck(app: FastifyInstance, config: Pick<AppConfig, 'appUrl'>): void {
  const appOrigin = new URL(config.appUrl).origin;
  // A callback, not async: it never waits, and most requests (GETs) leave at once (decision 076).
  app.addHook('onRequest', (request, _reply, done) => {
    // By the route that will answer, not the raw URL (see api-route.ts).
    const refused =
      STATE_CHANGING.has(request.method) &&
      isApiRoute(request) &&
      !EXEMPT_ROUTES.has(routePattern(request)) &&
      !isSameOrigin(request, appOrigin);
    done(refused ? new AppError('forbidden', CROSS_SITE_REFUSED) : undefined);
  });
}

function isSameOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  // `null` (a sandboxed frame, a privacy-sensitive redirect) is never this app.
  const claimed = normalizedOrigin(origin);
  if (claimed === null) return false;
  if (claimed === appOrigin) return true;
  // The Host header itself: request.host would be X-Forwarded-Host whenever TRUST_PROXY is on.
  const host = request.headers.host;
  return host !== undefined && claimed === normalizedOrigin(`${request.protocol}://${host}`);
}

/** Lower-case host, default port dropped: how browsers write Origin. Null when it is not a URL. */
function normalizedOrigin(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const { origin } = new URL(value);
  return origin === 'null' ? null : origin;
}
