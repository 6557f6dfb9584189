import { Link } from 'wouter';
import { Logo } from './logo.tsx';

const LINKS = [
  { href: '/about', label: 'About Us' },
  { href: '/estimate', label: 'Get Estimate' },
];

/** Top bar for visitors who are not signed in. */
export function PublicHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          {LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className="hidden rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 sm:inline-block"
            >
              {link.label}
            </Link>
          ))}
          <Link
            href="/auth"
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            Login
          </Link>
        </nav>
      </div>
      <nav aria-label="Main (small screens)" className="flex border-t border-slate-100 sm:hidden">
        {LINKS.map((link) => (
          <Link
            key={link.href}
            href={link.href}
            className="flex-1 py-2.5 text-center text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            {link.label}
          </Link>
        ))}
      </nav>
    </header>
  );
}
