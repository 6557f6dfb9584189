import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useAuth } from '#client/lib/current-user.ts';
import { JoinPanel } from './join-panel.tsx';
import { PublicHeader } from './public-header.tsx';
import { SiteFooter } from './site-footer.tsx';

/**
 * Public pages: the visitor top bar when signed out (signed-in users have the app's nav bar), the footer,
 * and optionally the floating Join panel, with room left below the footer so it never hides the last line.
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
      {showJoin && <JoinPanel />}
    </div>
  );
}
