import { BellRing, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { useT } from '#client/i18n/use-t.ts';
import { type Estimate, estimateReference, vehicleTitle } from '#domain/estimate.ts';
import { formatMoney } from '#domain/money.ts';

/**
 * The one thing on the home page the shop is waiting for: a quote to approve or decline. Each such
 * estimate gets a line with its amount and a button to review it.
 */
export function QuotesAwaitingApproval({ estimates }: { estimates: Estimate[] }) {
  const t = useT();
  if (estimates.length === 0) return null;
  const heading = t('home.quotes.heading', { count: estimates.length });
  return (
    <section
      aria-labelledby="awaiting-approval-heading"
      className="rounded-2xl border-2 border-brand-600 bg-brand-50 p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <BellRing className="mt-0.5 size-6 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="awaiting-approval-heading" className="text-lg font-bold text-slate-900">
            {heading}
          </h2>
          <p className="text-sm text-slate-700">{t('home.quotes.text')}</p>
          <ul className="mt-3 space-y-2">
            {estimates.map((estimate) => {
              const reference = estimateReference(estimate.id);
              return (
                <li
                  key={estimate.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white p-3 ring-1 ring-brand-100"
                >
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">
                      {vehicleTitle(estimate.vehicle) ?? t('home.estimateNumber', { reference })}
                    </p>
                    <p className="text-sm text-slate-600">
                      {t('home.estimateNumber', { reference })} · {formatMoney(estimate.estimatedAmount)}
                    </p>
                  </div>
                  <Link
                    href={`/estimate/${estimate.id}`}
                    className="inline-flex h-11 items-center gap-1 rounded-lg bg-brand-700 px-4 text-sm font-semibold whitespace-nowrap text-white shadow-sm hover:bg-brand-800"
                  >
                    {t('home.quotes.review')}
                    <span className="sr-only">
                      {' '}
                      {t('home.quotes.reviewFor', {
                        vehicle:
                          vehicleTitle(estimate.vehicle) ?? t('home.estimateNumberInline', { reference }),
                      })}
                    </span>
                    <ChevronRight className="size-4" aria-hidden="true" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
