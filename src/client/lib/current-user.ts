import { useSyncExternalStore } from 'react';
import type { PublicUser } from '#domain/auth.ts';
import { getJson, isUnauthorized } from './api.ts';

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

let state: AuthState = { user: null, isLoading: !certainlySignedOut, error: null };
let requested = certainlySignedOut;
const listeners = new Set<() => void>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** 401 means "signed out", not an error: the user is then null. */
async function fetchCurrentUser(): Promise<PublicUser | null> {
  try {
    return await getJson<PublicUser>('/api/auth/user');
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
  const { user, isLoading, error } = useSyncExternalStore(subscribe, () => state);
  return { user, isLoading, isAuthenticated: Boolean(user), error };
}
