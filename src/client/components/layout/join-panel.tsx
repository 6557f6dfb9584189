import { UserPlus } from 'lucide-react';
import { Link } from 'wouter';

/** Floating "Join" panel on the landing page: quick way in to sign in or create an account. */
export function JoinPanel() {
  return (
    <aside
      aria-label="Join"
      className="fixed right-4 bottom-4 z-30 flex items-center gap-3 rounded-2xl border border-slate-200 bg-white/95 p-3 shadow-xl backdrop-blur"
    >
      <span className="flex items-center gap-2 pl-1 text-sm font-bold text-slate-900">
        <UserPlus className="size-4 text-brand-700" aria-hidden="true" />
        Join
      </span>
      <Link
        href="/auth"
        className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        Sign In
      </Link>
      <Link
        href="/auth?tab=register"
        className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Register
      </Link>
    </aside>
  );
}
