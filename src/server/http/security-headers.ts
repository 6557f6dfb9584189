import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '#server/config.ts';
import { isApiRoute } from './api-route.ts';
import { contentSecurityPolicy, isPaymentPage, uploadOrigins } from './content-security-policy.ts';
import { isPhotoPage, permissionsPolicy } from './permissions-policy.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What an API route's JSON answer carries (decision 081): the headers that govern an answer that is
 * not a page (OWASP's REST Security Cheat Sheet, "Security Headers"), without those that only govern a
 * document (Permissions-Policy, COOP, Origin-Agent-Cluster, helmet's legacy document headers). Should
 * the browser show the JSON as a page, `default-src 'none'` lets it load and run nothing.
 */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Another site cannot load the answer as an image or a script and read it through a side channel.
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * What an API route's answer starts with: the set above, and `no-store` until the route says how its
 * answer may be kept (a header it sets replaces this one).
 */
const API_ANSWER_START: Readonly<Record<string, string>> = {
  ...API_ANSWER_HEADERS,
  'cache-control': 'no-store',
};

/**
 * Security headers on every answer (decision 081). Pages, files and every other answer get helmet's
 * set (nosniff, X-Frame-Options DENY, a strict Referrer-Policy, COOP…), a Permissions-Policy (camera
 * only on the photo pages) and the app's Content-Security-Policy (Stripe allowed only on the payment
 * page, and only when Stripe is configured); an API route's JSON answers get the shorter set above,
 * which is all a browser applies to them. HSTS goes on any answer over HTTPS, and `no-store` on API
 * answers that do not say how to cache them (they are personal: estimates, messages, account details).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<AppConfig, 'objectStore' | 'payments' | 'trustProxy'>,
): void {
  const uploads = uploadOrigins(config.objectStore);
  const allowsStripe = (url: string) => config.payments.kind === 'stripe' && isPaymentPage(pathOf(url));
  const policyFor = (url: string, styleNonce?: string) =>
    contentSecurityPolicy({ uploadOrigins: uploads, stripe: allowsStripe(url), styleNonce });
  // The same on every answer but the payment page's, so made once (a page's own, with its nonce, below).
  const common = helmetHeaders({
    // Set here, per path: helmet's one policy for every path cannot single out the payment page.
    contentSecurityPolicy: false,
    // Set below, only when the request really came over HTTPS.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });
  const paymentPageHeaders = {
    ...common,
    'content-security-policy': contentSecurityPolicy({ uploadOrigins: uploads, stripe: true }),
    'permissions-policy': permissionsPolicy({ camera: false, stripePayments: true }),
  };
  const photoPageHeaders = {
    ...common,
    'content-security-policy': contentSecurityPolicy({ uploadOrigins: uploads, stripe: false }),
    'permissions-policy': permissionsPolicy({ camera: true, stripePayments: false }),
  };
  const otherHeaders = {
    ...common,
    'content-security-policy': contentSecurityPolicy({ uploadOrigins: uploads, stripe: false }),
    'permissions-policy': permissionsPolicy({ camera: false, stripePayments: false }),
  };
  const headersFor = (url: string) =>
    allowsStripe(url) ? paymentPageHeaders : isPhotoPage(pathOf(url)) ? photoPageHeaders : otherHeaders;

  // A header the route set itself (a token link's `no-referrer`) stays; the API set's become a page's.
  const asDocument = (reply: FastifyReply) => {
    for (const [name, value] of Object.entries(otherHeaders)) {
      const current = reply.getHeader(name);
      if (current === undefined || current === API_ANSWER_HEADERS[name]) reply.header(name, value);
    }
  };

  // Both hooks take a callback rather than being async: they never wait, and an async hook costs
  // every request a promise and a turn of the microtask queue (decision 076).
  // Most API answers are JSON: their routes start with the API set, and an API answer that turns out
  // not to be JSON (a PDF, a photo) gets a document's headers when it is sent.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiRoute(request) ? API_ANSWER_START : headersFor(request.url));
    // Without a trusted proxy `protocol` is always http here (the app itself never serves TLS):
    // a forged X-Forwarded-Proto cannot make a plain-http answer carry HSTS.
    if (config.trustProxy && request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS);
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // API routes by the route that answered (not the raw URL: see api-route.ts).
    const type = String(reply.getHeader('content-type') ?? '');
    const json = type.startsWith('application/json');
    if (isApiRoute(request)) {
      // A 304 has no type: it stands for the JSON answer the browser keeps.
      if (type !== '' && !json) asDocument(reply);
      done(null, payload);
      return;
    }
    // Any other JSON answer (a 404 of an unknown path) is not to be kept either.
    if (json) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
      return;
    }
    if (typeof payload === 'string' && type.startsWith('text/html')) {
      // Each page gets a nonce of its own, for the <style> elements the app adds at run time.
      const nonce = randomBytes(16).toString('base64');
      reply.header('content-security-policy', policyFor(request.url, nonce));
      done(null, withStyleNonce(payload, nonce));
      return;
    }
    done(null, payload);
  });
}

/**
 * The headers helmet sets with these options. They depend on nothing in the request, so they are
 * worked out once and copied onto each answer: run per request, helmet's middleware cost more than
 * the rest of a small answer together.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Hands the page's nonce to the browser app (src/client/lib/style-nonce.ts), and gives it to the
 * `<style>` elements the server wrote into the page (the first-visit pages' stylesheet, see
 * first-paint.ts). In a `nonce` attribute the browser hides the value from the page's markup and CSS
 * once parsed; only script can read it.
 */
export function withStyleNonce(html: string, nonce: string): string {
  return html
    .replace('<head>', `<head><meta property="csp-nonce" nonce="${nonce}">`)
    .replaceAll('<style>', `<style nonce="${nonce}">`);
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? '/';
}
