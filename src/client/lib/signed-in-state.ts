import type { DehydratedState } from '@tanstack/react-query';
import type { PublicUser } from '#domain/public-user.ts';
import { SIGNED_IN_STATE_ID } from '#domain/signed-in-page.ts';

/**
 * What the server drew a signed-in page with (src/client/prerender.tsx): who is signed in and the
 * answers the screen asked for. The browser app starts from them, so it hydrates the same page.
 */
export interface SignedInState {
  user: PublicUser;
  /** When it was drawn (ISO 8601): what "sent just now" was read against (lib/clock.ts). */
  drawnAt: string;
  queries: DehydratedState;
}

let read: SignedInState | null | undefined;

/** The page's signed-in state, read once; null on a page the server did not draw signed in. */
export function signedInState(): SignedInState | null {
  if (read !== undefined) return read;
  const block = typeof document === 'undefined' ? null : document.getElementById(SIGNED_IN_STATE_ID);
  read = null;
  if (block?.textContent) {
    try {
      read = JSON.parse(block.textContent) as SignedInState;
    } catch {
      // Unreadable: the app asks the server again, as on any other page.
    }
  }
  return read;
}
