import { ArrowLeft, CheckCircle2, FileSearch, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { adminEstimatePath } from '#domain/admin-dashboard.ts';
import { estimateReference } from '#domain/estimate.ts';

export interface CreatedForStaff {
  estimateId: string;
  customerName: string;
  /** A walk-in customer created with the estimate: they were sent the welcome e-mail. */
  newCustomer: boolean;
  vehicleTitle: string | null;
}

/** What staff see once the estimate is in: for whom, its number, and where to go next. */
export function StaffEstimateCreated({
  created,
  onAnother,
}: {
  created: CreatedForStaff;
  onAnother: () => void;
}) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <Card>
        <CardContent className="space-y-5 pt-6 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-100 text-green-700">
            <CheckCircle2 className="size-8" aria-hidden="true" />
          </span>
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">
              Estimate created for {created.customerName}
            </h1>
            <p className="mt-2 text-slate-600">
              Estimate{' '}
              <span className="font-mono font-semibold text-slate-900">
                #{estimateReference(created.estimateId)}
              </span>
              {created.vehicleTitle ? ` · ${created.vehicleTitle}` : ''} is pending review.
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {created.newCustomer
                ? `${created.customerName} was e-mailed a welcome with a link to set a password and see the estimate.`
                : `${created.customerName} was e-mailed that the shop received the request.`}
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Link
              href={adminEstimatePath(created.estimateId)}
              className={buttonVariants({ size: 'lg', className: 'w-full sm:w-auto' })}
            >
              <FileSearch aria-hidden="true" />
              Open the estimate
            </Link>
            <Button variant="secondary" size="lg" className="w-full sm:w-auto" onClick={onAnother}>
              <Plus aria-hidden="true" />
              New estimate
            </Button>
          </div>
          <Link
            href="/admin"
            className="inline-flex items-center gap-1.5 rounded-md text-sm font-semibold text-slate-600 hover:text-brand-700"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to admin
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
