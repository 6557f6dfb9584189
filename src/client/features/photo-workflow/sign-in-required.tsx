import { ArrowLeft, Camera, LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { useT } from '#client/i18n/use-t.ts';

/** The photo workflow attaches photos to an account, so visitors are asked to sign in first. */
export function SignInRequired() {
  const t = useT();
  return (
    <PublicLayout>
      <div className="mx-auto flex min-h-[60vh] max-w-md flex-col justify-center px-4 py-10">
        <Card className="p-6 text-center sm:p-8">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Camera className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('request.signIn.title')}</h1>
          <p className="mt-2 text-slate-600">{t('request.signIn.text')}</p>
          <Link
            href="/auth"
            className="mt-6 inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 text-base font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            <LogIn className="size-5" aria-hidden="true" />
            {t('request.signIn.continue')}
          </Link>
          <Link
            href="/"
            className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-slate-600 hover:text-brand-700"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('request.backToHome')}
          </Link>
        </Card>
      </div>
    </PublicLayout>
  );
}
