import { ChevronLeft, ChevronRight } from 'lucide-react';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import { intlLocale } from '#domain/language.ts';
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
  const t = useT();
  const locale = intlLocale(currentLanguage());
  return (
    <nav
      aria-label={label}
      className={cn('mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3', className)}
    >
      <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" />
        {t('common.pager.previous')}
      </Button>
      <p className="text-sm text-slate-600">
        {t('common.pager.page', { page: page.toLocaleString(locale), pages: pages.toLocaleString(locale) })}
      </p>
      <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('common.pager.next')}
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
