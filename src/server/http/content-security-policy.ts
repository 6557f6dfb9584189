import type { ObjectStoreConfig } from '#server/adapters/object-store/object-store-config.ts';

/**
 * The pages that load Stripe.js (`/payment?estimate=…`, and `/pay/<token>` opened from a payment
 * link). Only these documents are allowed to talk to Stripe; the client opens them with a full page
 * load so the browser applies this path's policy.
 */
export function isPaymentPage(pathname: string): boolean {
  return /^\/payment\/?$/.test(pathname) || /^\/pay\/[^/]+\/?$/.test(pathname);
}

/** What Stripe.js and its Payment Element need (docs.stripe.com/security/guide#content-security-policy). */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export interface PolicyOptions {
  /** Origins the browser uploads photos to besides the app itself (the S3 bucket). */
  uploadOrigins: readonly string[];
  /** Whether this document may load Stripe.js: the payment page, with Stripe configured. */
  stripe: boolean;
  /** The page's own nonce for the <style> elements the app adds at run time (dialogs' scroll lock). */
  styleNonce?: string;
}

/**
 * The app's Content-Security-Policy. Scripts come only from the app's own files (no inline script,
 * no eval); styles too, plus the <style> elements carrying the page's nonce; images may also be data:
 * and blob: URLs (photo previews before upload).
 */
export function contentSecurityPolicy({ uploadOrigins, stripe, styleNonce }: PolicyOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE_SOURCES.script : [])],
    'style-src': ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...uploadOrigins, ...(stripe ? STRIPE_SOURCES.connect : [])],
    // The service worker (/sw.js, which imports its Workbox runtime from the same origin) and the web
    // app manifest: named even though default-src covers them, so a later change cannot lose them.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': stripe ? STRIPE_SOURCES.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Where the browser PUTs photos with S3 storage (Uppy sends them straight to the bucket with a
 * presigned URL). The SDK uses the bucket's own host name when it can and `endpoint/bucket/key`
 * otherwise (path style forced, a bucket name that is not a plain DNS label, an IP address), so
 * both forms are allowed; disk storage uploads to the app itself.
 */
export function uploadOrigins(store: ObjectStoreConfig): string[] {
  if (store.kind !== 's3') return [];
  const endpoint = new URL(store.endpoint ?? `https://s3.${store.region}.amazonaws.com`);
  const origins = [endpoint.origin];
  if (!store.forcePathStyle && /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(store.bucket)) {
    origins.push(`${endpoint.protocol}//${store.bucket}.${endpoint.host}`);
  }
  return origins;
}
