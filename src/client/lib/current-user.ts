import { useSyncExternalStore } from 'react';
import type { PublicUser } from '#domain/public-user.ts';
import { apiRequest, isUnauthorized } from './api.ts';
import { signedInState } from './signed-in-state.ts';

/**
 * Who is signed in, fetched once per page load. A small store of its own rather than a TanStack
 * query: the landing page needs only this, and so loads without the query library.
 */
interface AuthState {
  user: PublicUser | null;
  isLoading: boolean;
  error: unknown;
}

/** The server marks the page when the browser sent no session cookie: nobody is signed in then. */
const certainlySignedOut =
  typeof document !== 'undefined' && document.querySelector('meta[name="session"][content="none"]') !== null;

/** A signed-in page the server drew names the account it drew it for: the app starts from it. */
const drawnFor = signedInState()?.user ?? null;

let state: AuthState = { user: drawnFor, isLoading: !certainlySignedOut && !drawnFor, error: null };
let requested = certainlySignedOut || drawnFor !== null;
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * 401 means "signed out", not an error: the user is then null. The answer is checked against the
 * shared schema, which comes (with zod) in a chunk of its own fetched alongside it: the landing page's
 * own code carries no zod, and a visitor without a session cookie fetches neither.
 */
export async function fetchCurrentUser(): Promise<PublicUser | null> {
  try {
    const [response, { publicUserSchema }] = await Promise.all([
      apiRequest('GET', '/api/auth/user'),
      import('#domain/public-user.ts'),
    ]);
    return publicUserSchema.parse(await response.json());
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

function loadOnce(): void {
  if (requested) return;
  requested = true;
  fetchCurrentUser().then(
    (user) => setState({ user, isLoading: false, error: null }),
    (error: unknown) => setState({ user: null, isLoading: false, error }),
  );
}

/** After sign-in, registration or setting a password the server answers with the account. */
export function setCurrentUser(user: PublicUser | null): void {
  requested = true;
  setState({ user, isLoading: false, error: null });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  loadOnce();
  return () => listeners.delete(listener);
}

export function useAuth() {
  // The same state serves the prerendered landing page and its hydration (src/client/prerender.tsx).
  const { user, isLoading, error } = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  return { user, isLoading, isAuthenticated: Boolean(user), error };
}
