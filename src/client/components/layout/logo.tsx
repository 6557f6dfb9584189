import { clsx } from 'clsx';
import { Link } from 'wouter';
import { useT } from '#client/i18n/use-t.ts';
import { shop } from '#client/lib/shop.ts';

export function Logo({ href = '/', inverted = false }: { href?: string; inverted?: boolean }) {
  const t = useT();
  return (
    // Named by the text it shows (a spoken or typed command uses what is seen), then where it goes.
    <Link href={href} className="flex items-center gap-2.5 rounded-md">
      <svg viewBox="0 0 40 40" className="size-9 shrink-0" aria-hidden="true">
        <rect width="40" height="40" rx="9" fill="#b91c1c" />
        <path
          d="M8 25.5h24l-2.2-6.2a3 3 0 0 0-2.8-2H13a3 3 0 0 0-2.8 2z"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinejoin="round"
        />
        <circle cx="13.5" cy="27" r="2.8" fill="#fff" />
        <circle cx="26.5" cy="27" r="2.8" fill="#fff" />
        <path
          d="M14 13.5l3-4 3 4 3-4 3 4"
          fill="none"
          stroke="#fecaca"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span className={clsx('leading-tight', inverted ? 'text-white' : 'text-slate-900')}>
        <span className="block text-base font-extrabold tracking-tight">{shop.name}</span>
        <span className={clsx('block text-xs font-medium', inverted ? 'text-slate-300' : 'text-slate-600')}>
          {t('common.logo.tagline', { year: shop.foundedYear })}
        </span>
        <span className="sr-only">{t('common.logo.homePage')}</span>
      </span>
    </Link>
  );
}
