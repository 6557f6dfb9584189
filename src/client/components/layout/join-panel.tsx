import { clsx } from 'clsx';
import UserPlus from 'lucide-react/icons/user-plus';
import X from 'lucide-react/icons/x';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter';
import { useT } from '#client/i18n/use-t.ts';

/** Remembers that the visitor closed the floating panel (the one in the page stays). */
const HIDDEN_KEY = 'join-panel-hidden';

/**
 * The "Join" panel (Sign In / Register). It sits in the page where it is placed, so it never covers
 * anything there; once the visitor has scrolled past it, a floating copy follows at the bottom of the
 * screen until they close it, and stays closed on later visits. The page leaves room below its footer
 * for that copy (PublicLayout withJoinPanel).
 */
export function JoinPanel({ className }: { className?: string }) {
  const t = useT();
  const dock = useRef<HTMLElement>(null);
  const scrolledPast = useScrolledPast(dock);
  const [hidden, setHidden] = useState(readHidden);
  const floating = scrolledPast && !hidden;

  function hide() {
    setHidden(true);
    try {
      localStorage.setItem(HIDDEN_KEY, '1');
    } catch {
      // Storage may be off (private browsing): the panel stays closed until the next visit.
    }
  }

  return (
    <>
      {/*
        Links in the page (a complementary landmark belongs at the top level); out of reach while the
        floating copy shows, so keyboard and screen reader users meet one set of Join links at a time.
      */}
      <nav
        ref={dock}
        aria-label={t('common.join.label')}
        inert={floating}
        className={clsx(panelClass, 'inline-flex', className)}
      >
        <JoinLinks />
      </nav>
      {floating &&
        createPortal(
          <aside
            aria-label={t('common.join.label')}
            className={clsx(panelClass, 'fixed right-4 bottom-4 z-30 flex bg-white')}
          >
            <JoinLinks />
            <button
              type="button"
              onClick={hide}
              aria-label={t('common.join.close')}
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </aside>,
          document.body,
        )}
    </>
  );
}

const panelClass =
  'items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl backdrop-blur';

function JoinLinks() {
  const t = useT();
  return (
    <>
      <span className="flex items-center gap-2 pl-1 text-sm font-bold text-slate-900">
        <UserPlus className="size-4 text-brand-700" aria-hidden="true" />
        {t('common.join.label')}
      </span>
      <Link
        href="/auth"
        className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        {t('common.join.signIn')}
      </Link>
      <Link
        href="/auth?tab=register"
        className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('common.join.register')}
      </Link>
    </>
  );
}

function readHidden(): boolean {
  try {
    return localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * True once the element has gone above the top of the screen, under the sticky header (never while
 * it is still below the fold, where a floating copy would cover what the visitor is reading). Read on
 * every scroll: a jump (Home/End, a link to an anchor) must count as much as a slow scroll.
 */
function useScrolledPast(ref: RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      setPast(element.getBoundingClientRect().bottom <= headerBottom);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [ref]);
  return past;
}
