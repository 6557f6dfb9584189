import { type ReactNode, useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';
import { translate } from '#client/i18n/i18n.ts';
import { useAuth } from '#client/lib/current-user.ts';
import { navigateFully, REDIRECT_DELAY_MS, signInUrlForHere } from '#client/lib/redirect.ts';
import { FullPageSpinner } from './ui/spinner.tsx';
import { toastThen } from './ui/toast-host.tsx';

/** Signed-in pages. Signed out: 'Unauthorized' toast, then the sign-in page. */
export function RequireUser({
  children,
  customerOnly = false,
}: {
  children: ReactNode;
  customerOnly?: boolean;
}) {
  const { user, isLoading } = useAuth();

  useEffect(() => {
    if (isLoading || user) return;
    return toastThen(
      {
        title: translate('common.unauthorized'),
        description: translate('common.unauthorized.signedOut'),
        variant: 'destructive',
      },
      REDIRECT_DELAY_MS,
      () => navigateFully(signInUrlForHere()),
    );
  }, [isLoading, user]);

  if (isLoading || !user) return <FullPageSpinner />;
  if (customerOnly && user.isAdmin) return <Redirect to="/admin" replace />;
  return <>{children}</>;
}

/**
 * Admin pages. Signed out: to sign-in, asking to come back here (a link from a "New estimate request"
 * e-mail lands on its estimate, as the customer's deep links do). A signed-in customer: 'Unauthorized'
 * toast, then home.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (!isLoading && !user) return <RequireUser>{null}</RequireUser>;
  return <RequireAdminRole>{children}</RequireAdminRole>;
}

function RequireAdminRole({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  const allowed = Boolean(user?.isAdmin);

  useEffect(() => {
    if (isLoading || allowed) return;
    return toastThen(
      {
        title: translate('common.unauthorized'),
        description: translate('common.unauthorized.noPermission'),
        variant: 'destructive',
      },
      REDIRECT_DELAY_MS,
      () => navigate('/', { replace: true }),
    );
  }, [isLoading, allowed, navigate]);

  if (!allowed) return <FullPageSpinner />;
  return <>{children}</>;
}
