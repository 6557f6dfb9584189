/**
 * The signed-in screens the server draws with the visitor's data (decision 079): those opened
 * straight from a link or the home screen. Everything else signed in is drawn by the browser app.
 */
const DRAWN_SCREENS: readonly RegExp[] = [
  /^\/estimate\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  /^\/admin$/,
  /^\/dashboard$/,
];

export const isDrawnSignedIn = (pathname: string): boolean =>
  DRAWN_SCREENS.some((screen) => screen.test(pathname));

/** The element of such a page that holds the state it was drawn with, for the browser app to start from. */
export const SIGNED_IN_STATE_ID = 'signed-in-state';
