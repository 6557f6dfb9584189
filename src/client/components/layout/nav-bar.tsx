import { Home, LayoutDashboard, LogOut, Menu, Shield, Wrench, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '#client/lib/cn.ts';
import { signOut } from '#client/lib/sign-out.ts';
import type { PublicUser } from '#domain/auth.ts';
import { Logo } from './logo.tsx';
import { PAGE_WIDTH } from './page-width.ts';

const CUSTOMER_LINKS = [
  { href: '/', label: 'Home', icon: Home },
  { href: '/estimate', label: 'Get Estimate', icon: Wrench },
  { href: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
];

/** No customer Dashboard link: an admin sent there is only bounced back to /admin. */
const ADMIN_LINKS = [
  { href: '/admin', label: 'Admin', icon: Shield },
  { href: '/estimate', label: 'Get Estimate', icon: Wrench },
];

/** The signed-in navigation bar: admin and customer variants, with a menu on small screens. */
export function NavBar({ user }: { user: PublicUser }) {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const links = user.isAdmin ? ADMIN_LINKS : CUSTOMER_LINKS;
  const name = user.firstName || user.email;

  const linkClass = (href: string) =>
    cn(
      'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold',
      location === href
        ? 'bg-brand-50 text-brand-800'
        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className={cn(PAGE_WIDTH, 'flex h-16 items-center justify-between gap-3')}>
        <Logo href={user.isAdmin ? '/admin' : '/'} />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className={linkClass(link.href)}
              aria-current={location === link.href ? 'page' : undefined}
            >
              <link.icon className="size-4" aria-hidden="true" />
              {link.label}
            </Link>
          ))}
          <span className="mx-2 h-6 w-px bg-slate-200" aria-hidden="true" />
          <span className="max-w-40 truncate px-2 text-sm text-slate-500" title={user.email}>
            {name}
          </span>
          <button type="button" onClick={() => void signOut()} className={linkClass('/api/logout')}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </button>
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
        </button>
      </div>
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Main (small screens)"
          className="border-t border-slate-200 px-4 py-3 md:hidden"
        >
          <p className="truncate px-3 pb-2 text-sm text-slate-500">Signed in as {user.email}</p>
          {links.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className={linkClass(link.href)}
              onClick={() => setMenuOpen(false)}
            >
              <link.icon className="size-4" aria-hidden="true" />
              {link.label}
            </Link>
          ))}
          <button
            type="button"
            onClick={() => void signOut()}
            className={cn(linkClass('/api/logout'), 'w-full')}
          >
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </button>
        </nav>
      )}
    </header>
  );
}
