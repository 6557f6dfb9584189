import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useAuth } from '#client/lib/current-user.ts';
import { PublicHeader } from './public-header.tsx';
import { SiteFooter } from './site-footer.tsx';

/**
 * Public pages: the visitor top bar when signed out (signed-in users have the app's nav bar) and the footer.
 * A page with the Join panel (which the page places itself) gets room below the footer, so the panel's
 * floating copy never hides the last line.
 */
export function PublicLayout({
  children,
  withJoinPanel = false,
}: {
  children: ReactNode;
  withJoinPanel?: boolean;
}) {
  const { user } = useAuth();
  const showJoin = withJoinPanel && !user;
  return (
    <div className={clsx('flex min-h-screen flex-col', showJoin && 'pb-24 bg-ink')}>
      {!user && <PublicHeader />}
      <main id="main" className="flex-1 bg-slate-50">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
