/** The spec waits this long after an 'Unauthorized' toast before sending the user on. */
export const REDIRECT_DELAY_MS = 500;

/** A full page load (not client routing): used for the server's /api/login, and after signing out. */
export function navigateFully(url: string): void {
  window.location.assign(url);
}

/** The server's sign-in entry, asking to come back to the current page after signing in. */
export function signInUrlForHere(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return here === '/' ? '/api/login' : `/api/login?next=${encodeURIComponent(here)}`;
}
