/**
 * Where to go back to after signing in: the page that asked for it, given as `?next=` on /auth.
 * Only a path on this site is accepted, never another site's address.
 */

const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * The value when it is a same-origin path: it starts with a single `/` (not `//` or `/\`, which
 * browsers read as another host), has no scheme, backslash, whitespace or control character, and
 * is not absurdly long. Anything else: null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  if (value.length === 0 || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//')) return null;
  // Backslashes count as slashes in browsers ("/\evil.example"); whitespace and control characters
  // are stripped by URL parsers and could turn "/ /evil" into "//evil".
  if (/[\\\s\p{Cc}]/u.test(value)) return null;
  // Sending someone back to the sign-in page itself would loop.
  if (/^\/(auth|api)(?=[/?#]|$)/.test(value)) return null;
  return value;
}

function isAdminPath(path: string): boolean {
  return /^\/admin(?=[/?#]|$)/.test(path);
}

/**
 * Where a freshly signed-in user goes: the safe `next` path if it suits them (an admin path for an
 * admin, any other for a customer), else their home (/admin for an admin, / for a customer).
 */
export function landingAfterSignIn(next: string | null | undefined, isAdmin: boolean): string {
  const path = safeReturnPath(next);
  if (isAdmin) return path !== null && isAdminPath(path) ? path : '/admin';
  return path !== null && !isAdminPath(path) ? path : '/';
}
