import { Link } from 'wouter';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { useT } from '#client/i18n/use-t.ts';
import { LanguageSwitchSlot } from './language-switch-slot.tsx';
import { Logo } from './logo.tsx';

const LINKS: { href: string; label: MessageId }[] = [
  { href: '/about', label: 'common.nav.aboutUs' },
  { href: '/estimate', label: 'common.nav.getEstimate' },
];

/**
 * Top bar for visitors who are not signed in. The language switch sits with the links: in the top
 * row on wide screens, in the second row on phones (the top row has no room beside the logo).
 */
export function PublicHeader() {
  const t = useT();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo />
        <nav aria-label={t('common.nav.main')} className="flex items-center gap-1 sm:gap-2">
          {LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className="hidden rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:inline-block"
            >
              {t(link.label)}
            </Link>
          ))}
          <LanguageSwitchSlot className="hidden rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:inline-block" />
          <Link
            href="/auth"
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            {t('common.nav.login')}
          </Link>
        </nav>
      </div>
      <nav aria-label={t('common.nav.mainSmall')} className="flex border-t border-slate-100 sm:hidden">
        {LINKS.map((link) => (
          <Link
            key={link.href}
            href={link.href}
            className="flex-1 py-2.5 text-center text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            {t(link.label)}
          </Link>
        ))}
        <LanguageSwitchSlot className="flex-1 py-2.5 text-center text-sm font-semibold text-slate-700 hover:bg-slate-50" />
      </nav>
    </header>
  );
}
