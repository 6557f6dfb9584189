import { Home, LayoutDashboard, LogOut, Menu, Shield, Wrench, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import type { PublicUser } from '#domain/public-user.ts';
import { LanguageSwitchSlot } from './language-switch-slot.tsx';
import { Logo } from './logo.tsx';
import { PAGE_WIDTH } from './page-width.ts';
import { useSignOut } from './sign-out-slot.ts';

const CUSTOMER_LINKS: { href: string; label: MessageId; icon: typeof Home }[] = [
  { href: '/', label: 'nav.home', icon: Home },
  { href: '/estimate', label: 'common.nav.getEstimate', icon: Wrench },
  { href: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
];

/** No customer Dashboard link: an admin sent there is only bounced back to /admin. */
const ADMIN_LINKS = [
  { href: '/admin', label: 'Admin', icon: Shield },
  { href: '/estimate', label: 'New Estimate', icon: Wrench },
];

/**
 * The signed-in navigation bar: admin and customer variants, with a menu on small screens. A
 * customer's reads in their language and offers the language switch; the shop's stays in English.
 */
export function NavBar({ user }: { user: PublicUser }) {
  return user.isAdmin ? <AdminNavBar user={user} /> : <CustomerNavBar user={user} />;
}

function CustomerNavBar({ user }: { user: PublicUser }) {
  const t = useT();
  return (
    <NavBarFrame
      user={user}
      links={CUSTOMER_LINKS.map((link) => ({ ...link, label: t(link.label) }))}
      words={{
        main: t('common.nav.main'),
        mainSmall: t('common.nav.mainSmall'),
        openMenu: t('nav.openMenu'),
        closeMenu: t('nav.closeMenu'),
        signedInAs: t('nav.signedInAs', { email: user.email }),
        logout: t('nav.logout'),
      }}
      languageSwitch
    />
  );
}

function AdminNavBar({ user }: { user: PublicUser }) {
  return (
    <NavBarFrame
      user={user}
      links={ADMIN_LINKS}
      words={{
        main: 'Main',
        mainSmall: 'Main (small screens)',
        openMenu: 'Open menu',
        closeMenu: 'Close menu',
        signedInAs: `Signed in as ${user.email}`,
        logout: 'Logout',
      }}
    />
  );
}

interface NavWords {
  main: string;
  mainSmall: string;
  openMenu: string;
  closeMenu: string;
  signedInAs: string;
  logout: string;
}

function NavBarFrame({
  user,
  links,
  words,
  languageSwitch = false,
}: {
  user: PublicUser;
  links: readonly { href: string; label: string; icon: typeof Home }[];
  words: NavWords;
  languageSwitch?: boolean;
}) {
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const signOut = useSignOut();
  const name = user.firstName || user.email;

  const linkClass = (href: string) =>
    cn(
      'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold',
      location === href
        ? 'bg-brand-50 text-brand-800'
        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
    );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className={cn(PAGE_WIDTH, 'flex h-16 items-center justify-between gap-3')}>
        <Logo href={user.isAdmin ? '/admin' : '/'} />
        <nav aria-label={words.main} className="hidden items-center gap-1 md:flex">
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
          {languageSwitch && <LanguageSwitchSlot />}
          <span className="mx-2 h-6 w-px bg-slate-200" aria-hidden="true" />
          <span className="max-w-40 truncate px-2 text-sm text-slate-500" title={user.email}>
            {name}
          </span>
          <button type="button" onClick={() => void signOut()} className={linkClass('/api/logout')}>
            <LogOut className="size-4" aria-hidden="true" />
            {words.logout}
          </button>
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label={menuOpen ? words.closeMenu : words.openMenu}
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
          aria-label={words.mainSmall}
          className="border-t border-slate-200 px-4 py-3 md:hidden"
        >
          <p className="truncate px-3 pb-2 text-sm text-slate-500">{words.signedInAs}</p>
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
            {words.logout}
          </button>
          {languageSwitch && <LanguageSwitchSlot className={cn(linkClass(''), 'w-full')} />}
        </nav>
      )}
    </header>
  );
}
