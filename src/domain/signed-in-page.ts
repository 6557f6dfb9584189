/**
 * The signed-in screens the server draws with the visitor's data (decision 079): those opened
 * straight from a link or the home screen. Everything else signed in is drawn by the browser app.
 */
const DRAWN_SCREENS: readonly RegExp[] = [
  /^\/estimate\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  /^\/admin$/,
  /^\/dashboard$/,
];

/**
 * Whether the server draws this page. Not the dashboard's Google tab: its answers come from Google's
 * servers, and the page would wait on them (the browser app asks them after the page has come).
 */
export function isDrawnSignedIn(pathname: string, query: URLSearchParams): boolean {
  if (pathname === '/admin' && query.get('tab') === 'google') return false;
  return DRAWN_SCREENS.some((screen) => screen.test(pathname));
}

/** The element of such a page that holds the state it was drawn with, for the browser app to start from. */
export const SIGNED_IN_STATE_ID = 'signed-in-state';
