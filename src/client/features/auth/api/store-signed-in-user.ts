import { notifyManager } from '@tanstack/react-query';
import { setCurrentUser } from '#client/lib/current-user.ts';
import type { PublicUser } from '#domain/auth.ts';

/**
 * Stores the account the server answered a sign-in form with. Storing it takes the visitor away from
 * the form, whose mutation then no longer reports to it, so it waits (as TanStack Query's own cache
 * updates do) until the form's success handling, such as its "Welcome back!" toast, has run.
 */
export function storeSignedInUser(user: PublicUser): void {
  notifyManager.schedule(() => setCurrentUser(user));
}
