import { format } from 'date-fns';
import { CalendarCheck, CheckCircle2, ClipboardList, FileSearch, LogIn, PhoneCall } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAuth } from '#client/lib/current-user.ts';
import { useEstimateReceipt } from './api/get-estimate-receipt.ts';

const NEXT_STEPS = [
  {
    icon: ClipboardList,
    title: 'Estimate Preparation',
    text: 'Our team reviews your photos and prepares a detailed repair estimate.',
  },
  {
    icon: PhoneCall,
    title: 'We Contact You',
    text: 'We will contact you within 24-48 hours with your estimate and any questions.',
  },
  {
    icon: CalendarCheck,
    title: 'Schedule Repairs',
    text: 'Once you approve the estimate, we schedule a convenient time to repair your vehicle.',
  },
];

const linkButton =
  'inline-flex h-12 items-center justify-center gap-2 whitespace-nowrap rounded-lg px-6 text-base font-semibold shadow-sm';

/** /estimate/{id}/review: public confirmation. Shows only the reference, a fixed status and the time. */
export function SubmissionReviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const receipt = useEstimateReceipt(id);

  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        {receipt.isLoading ? (
          <Spinner className="min-h-[40vh]" />
        ) : receipt.isError ? (
          <Notice title="We couldn't load your submission">
            <p>Please check your connection and try again.</p>
            <Button className="mt-5" onClick={() => void receipt.refetch()}>
              Try Again
            </Button>
          </Notice>
        ) : !receipt.data ? (
          <Notice title="Estimate not found">
            <p>We couldn't find a submission at this address. Please check the link and try again.</p>
            <Link href="/" className={`${linkButton} mt-5 bg-brand-700 text-white hover:bg-brand-800`}>
              Back to Home
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
  const { user } = useAuth();
  const submitted = new Date(submittedAt);
  return (
    <div className="space-y-6">
      <div className="text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckCircle2 className="size-9" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          Thank You for Your Submission!
        </h1>
        <p className="mt-2 text-slate-600">We've received your vehicle details and photos.</p>
      </div>

      <Card>
        <CardContent className="pt-5">
          <dl className="grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Reference Number
              </dt>
              <dd className="mt-1 font-mono text-xl font-bold tracking-wider text-slate-900">{reference}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Status</dt>
              <dd className="mt-1">
                <span className="inline-flex rounded-full bg-yellow-100 px-2.5 py-0.5 text-sm font-semibold text-yellow-900 ring-1 ring-yellow-300">
                  Pending Review
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Submitted</dt>
              <dd className="mt-1 font-medium text-slate-900">
                <time dateTime={submittedAt}>
                  {Number.isNaN(submitted.getTime()) ? submittedAt : format(submitted, 'MMM d, yyyy h:mm a')}
                </time>
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>What Happens Next?</CardTitle>
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
                    {step.title}
                  </p>
                  <p className="text-sm text-slate-600">{step.text}</p>
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
          Back to Home
        </Link>
        {user ? (
          <Link
            href={`/estimate/${id}`}
            className={`${linkButton} bg-brand-700 text-white hover:bg-brand-800`}
          >
            <FileSearch className="size-5" aria-hidden="true" />
            View Estimate
          </Link>
        ) : (
          // Only a signed-out visitor is offered the sign-in; a signed-in customer has View Estimate.
          <Link href="/auth" className={`${linkButton} bg-brand-700 text-white hover:bg-brand-800`}>
            <LogIn className="size-5" aria-hidden="true" />
            Sign In to Track Status
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
