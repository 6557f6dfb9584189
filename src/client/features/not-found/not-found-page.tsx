import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { useT } from '#client/i18n/use-t.ts';

/** Any unknown path: the shop's header (or the nav bar when signed in), the spec's heading and a way home. */
export function NotFoundPage() {
  const t = useT();
  return (
    <PublicLayout>
      <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
        <Card className="w-full max-w-md p-6">
          <div className="flex items-center gap-3">
            <AlertCircle className="size-8 shrink-0 text-brand-700" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-slate-900">{t('common.notFound.title')}</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">{t('common.notFound.text')}</p>
          <Link
            href="/"
            className="mt-6 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('common.backToHome')}
          </Link>
        </Card>
      </div>
    </PublicLayout>
  );
}
