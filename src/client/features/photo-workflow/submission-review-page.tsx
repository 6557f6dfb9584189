import { CalendarCheck, CheckCircle2, ClipboardList, FileSearch, LogIn, PhoneCall } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { useT } from '#client/i18n/use-t.ts';
import { useAuth } from '#client/lib/current-user.ts';
import { shopTimestamp } from '#client/lib/format-date.ts';
import { useEstimateReceipt } from './api/get-estimate-receipt.ts';

const NEXT_STEPS: { icon: typeof ClipboardList; title: MessageId; text: MessageId }[] = [
  {
    icon: ClipboardList,
    title: 'request.review.preparationTitle',
    text: 'request.review.preparationText',
  },
  { icon: PhoneCall, title: 'request.review.contactTitle', text: 'request.review.contactText' },
  { icon: CalendarCheck, title: 'request.review.scheduleTitle', text: 'request.review.scheduleText' },
];

const linkButton =
  'inline-flex h-12 items-center justify-center gap-2 whitespace-nowrap rounded-lg px-6 text-base font-semibold shadow-sm';

/** /estimate/{id}/review: public confirmation. Shows only the reference, a fixed status and the time. */
export function SubmissionReviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const receipt = useEstimateReceipt(id);
  const t = useT();

  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        {receipt.isLoading ? (
          <Spinner className="min-h-[40vh]" />
        ) : receipt.isError ? (
          <Notice title={t('request.review.loadErrorTitle')}>
            <p>{t('request.review.loadErrorText')}</p>
            <Button className="mt-5" onClick={() => void receipt.refetch()}>
              {t('request.review.tryAgain')}
            </Button>
          </Notice>
        ) : !receipt.data ? (
          <Notice title={t('request.review.notFoundTitle')}>
            <p>{t('request.review.notFoundText')}</p>
            <Link href="/" className={`${linkButton} mt-5 bg-brand-700 text-white hover:bg-brand-800`}>
              {t('request.backToHome')}
            </Link>
          </Notice>
        ) : (
          <Confirmation id={id} reference={receipt.data.reference} submittedAt={receipt.data.submittedAt} />
        )}
      </div>
    </PublicLayout>
  );
}

function Confirmation({
  id,
  reference,
  submittedAt,
}: {
  id: string;
  reference: string;
  submittedAt: string;
}) {
  const t = useT();
  const { user } = useAuth();
  return (
    <div className="space-y-6">
      <div className="text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckCircle2 className="size-9" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          {t('request.review.thanks')}
        </h1>
        <p className="mt-2 text-slate-600">{t('request.review.received')}</p>
      </div>

      <Card>
        <CardContent className="pt-5">
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {t('request.review.reference')}
              </dt>
              <dd className="mt-1 font-mono text-xl font-bold tracking-wider text-slate-900">{reference}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {t('request.review.status')}
              </dt>
              <dd className="mt-1">
                <span className="inline-flex rounded-full bg-yellow-100 px-2.5 py-0.5 text-sm font-semibold text-yellow-900 ring-1 ring-yellow-300">
                  {t('request.review.pending')}
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {t('request.review.submitted')}
              </dt>
              <dd className="mt-1 font-medium text-slate-900">
                <time dateTime={submittedAt}>{shopTimestamp(submittedAt) ?? submittedAt}</time>
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('request.review.nextTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-4">
            {NEXT_STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {index + 1}
                </span>
                <div>
                  <p className="flex items-center gap-1.5 font-semibold text-slate-900">
                    <step.icon className="size-4 text-brand-700" aria-hidden="true" />
                    {t(step.title)}
                  </p>
                  <p className="text-sm text-slate-600">{t(step.text)}</p>
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-nowrap sm:justify-center">
        <Link
          href="/"
          className={`${linkButton} bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50`}
        >
          {t('request.backToHome')}
        </Link>
        {user ? (
          <Link
            href={`/estimate/${id}`}
            className={`${linkButton} bg-brand-700 text-white hover:bg-brand-800`}
          >
            <FileSearch className="size-5" aria-hidden="true" />
            {t('request.review.viewEstimate')}
          </Link>
        ) : (
          // Only a signed-out visitor is offered the sign-in; a signed-in customer has View Estimate.
          <Link href="/auth" className={`${linkButton} bg-brand-700 text-white hover:bg-brand-800`}>
            <LogIn className="size-5" aria-hidden="true" />
            {t('request.review.signInToTrack')}
          </Link>
        )}
      </div>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-6 text-center sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-2 text-slate-600">{children}</div>
    </Card>
  );
}
