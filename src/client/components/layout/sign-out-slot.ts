import { createContext, useContext } from 'react';

/**
 * Signing out belongs to the auth feature, which layouts may not import: the app shell
 * (app-root.tsx) puts it in here for the navigation bar's button.
 */
export const SignOutContext = createContext<(() => Promise<void>) | null>(null);

export function useSignOut(): () => Promise<void> {
  const signOut = useContext(SignOutContext);
  if (!signOut) throw new Error('useSignOut is called outside SignOutContext');
  return signOut;
}
