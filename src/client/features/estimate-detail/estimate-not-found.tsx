import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { useT } from '#client/i18n/use-t.ts';

export function EstimateNotFound() {
  const t = useT();
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10">
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <SearchX className="size-10 text-slate-400" aria-hidden="true" />
        <h1 className="text-xl font-bold text-slate-900">{t('estimate.notFound.title')}</h1>
        <p className="text-sm text-slate-600">{t('estimate.notFound.body')}</p>
        <Link href="/dashboard" className={buttonVariants({ variant: 'primary' })}>
          <ArrowLeft aria-hidden="true" />
          {t('estimate.page.back')}
        </Link>
      </Card>
    </main>
  );
}
