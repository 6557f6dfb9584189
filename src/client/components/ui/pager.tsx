import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';
import { Button } from './button.tsx';

/** Previous / "Page N of M" / Next under a paged list. */
export function Pager({
  page,
  pages,
  onPage,
  label,
  className,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation's name, e.g. "Pages of your estimates". */
  label: string;
  className?: string;
}) {
  return (
    <nav
      aria-label={label}
      className={cn('mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3', className)}
    >
      <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <p className="text-sm text-slate-600">
        Page {page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
      </p>
      <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
