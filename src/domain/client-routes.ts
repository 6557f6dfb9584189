/**
 * Every page the browser app has. The server answers other paths with the app's
 * not-found page and a real 404 status.
 */
export const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/(auth|about|estimate|photo-capture|dashboard|payment|payment-success)\/?$/,
  /^\/estimate\/[^/]+(\/review|\/authorize)?\/?$/,
  /^\/admin(\/calendar)?\/?$/,
  /^\/admin\/estimate\/[^/]+\/?$/,
  // The read-only status page a status link opens (the server answers 404 when the link is not valid).
  /^\/status\/[^/]+\/?$/,
  // The payment page a payment link opens, signed out (404 when the link is not valid).
  /^\/pay\/[^/]+\/?$/,
  // The survey a survey link opens after pickup, signed out (404 when the link is not valid).
  /^\/survey\/[^/]+\/?$/,
];

export function isClientRoute(pathname: string): boolean {
  return CLIENT_ROUTE_PATTERNS.some((pattern) => pattern.test(pathname));
}
