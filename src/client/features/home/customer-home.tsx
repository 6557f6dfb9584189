import { Camera, CreditCard, LayoutDashboard, PaintBucket, Phone, ShieldCheck, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { EstimateRow, firstPayableEstimate, useEstimates } from '#client/features/estimates/shared.ts';
import { Trans } from '#client/i18n/trans.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { shop } from '#client/lib/shop.ts';
import { canCustomerRespond } from '#domain/estimate.ts';
import { isActiveStatus } from '#domain/estimate-status.ts';
import { formatMoney } from '#domain/money.ts';
import type { PublicUser } from '#domain/public-user.ts';
import { phoneHref } from '#domain/shop.ts';
import { homeGreeting } from './home-greeting.ts';
import { QuotesAwaitingApproval } from './quotes-awaiting-approval.tsx';

const HOME_LIST_SIZE = 3;

export function CustomerHome({ user }: { user: PublicUser }) {
  const t = useT();
  const { data: estimates = [], isLoading, isError } = useEstimates();
  const active = estimates.filter((estimate) => isActiveStatus(estimate.status));
  const payable = firstPayableEstimate(estimates);
  const awaiting = estimates.filter(canCustomerRespond);

  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:py-10">
      <section className="rounded-2xl bg-gradient-to-br from-ink to-slate-800 p-6 text-white shadow-md sm:p-8">
        <h1 className="text-2xl font-extrabold sm:text-3xl">
          {t(homeGreeting(isLoading ? undefined : estimates.length), {
            name: user.firstName || t('home.friend'),
          })}
        </h1>
        <p className="mt-1 text-slate-300">
          {isLoading ? t('home.loadingRepairs') : t('home.activeCount', { count: active.length })}
        </p>
      </section>

      {/* Until the estimates arrive the rest of the page keeps a screen's height: the quote card that may
          come first then takes its place instead of pushing the cards below it down. */}
      {isLoading ? (
        <Spinner className="min-h-svh" label={t('home.loadingRepairs')} />
      ) : (
        <>
          <QuotesAwaitingApproval estimates={awaiting} />

          {isError && (
            <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
              {t('home.loadError')}
            </p>
          )}

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader className="flex-row items-center justify-between">
                <CardTitle>{t('home.activeRepairs', { count: active.length })}</CardTitle>
                <Link href="/dashboard" className="text-sm font-semibold text-brand-700 hover:underline">
                  {t('home.viewAll')}
                </Link>
              </CardHeader>
              <CardContent>
                {active.length === 0 ? (
                  <EmptyState>
                    <Trans
                      id="home.noActive"
                      components={{
                        0: <Link href="/estimate" className="font-semibold text-brand-700 hover:underline" />,
                      }}
                    />
                  </EmptyState>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {active.slice(0, HOME_LIST_SIZE).map((estimate) => (
                      <EstimateRow key={estimate.id} estimate={estimate} />
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>{t('home.quickActions')}</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-2">
                <QuickAction
                  href="/dashboard"
                  icon={<LayoutDashboard aria-hidden="true" />}
                  label={t('home.viewDashboard')}
                />
                <QuickAction
                  href="/estimate"
                  icon={<Camera aria-hidden="true" />}
                  label={t('home.newEstimate')}
                />
                {payable && (
                  <QuickAction
                    reloadDocument
                    href={`/payment?estimate=${payable.estimate.id}`}
                    icon={<CreditCard aria-hidden="true" />}
                    label={t('home.makePayment', { amount: formatMoney(payable.amount) })}
                  />
                )}
                <a
                  href={phoneHref(shop.phone)}
                  className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 [&_svg]:size-5 [&_svg]:text-brand-700"
                >
                  <Phone aria-hidden="true" />
                  {t('home.call', { phone: shop.phone })}
                </a>
              </CardContent>
            </Card>
          </div>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CardHeader className="flex-row items-center justify-between">
                <CardTitle>{t('home.recentEstimates')}</CardTitle>
                {estimates.length > HOME_LIST_SIZE && (
                  <Link href="/dashboard" className="text-sm font-semibold text-brand-700 hover:underline">
                    {t('home.seeAll', { count: estimates.length })}
                  </Link>
                )}
              </CardHeader>
              <CardContent>
                {estimates.length === 0 ? (
                  <EmptyState>{t('home.noEstimates')}</EmptyState>
                ) : (
                  <ul className="divide-y divide-slate-100">
                    {estimates.slice(0, HOME_LIST_SIZE).map((estimate) => (
                      <EstimateRow key={estimate.id} estimate={estimate} />
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t('home.services')}</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="space-y-3 text-sm text-slate-700">
                  <Service
                    icon={<Wrench aria-hidden="true" />}
                    title={t('home.service.collision')}
                    text={t('home.service.collisionText')}
                  />
                  <Service
                    icon={<PaintBucket aria-hidden="true" />}
                    title={t('home.service.paint')}
                    text={t('home.service.paintText')}
                  />
                  <Service
                    icon={<ShieldCheck aria-hidden="true" />}
                    title={t('home.service.dent')}
                    text={t('home.service.dentText')}
                  />
                </ul>
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </main>
  );
}

/** `reloadDocument`: a full page load, for the payment page (only its document's policy allows Stripe). */
function QuickAction({
  href,
  icon,
  label,
  reloadDocument = false,
}: {
  href: string;
  icon: ReactNode;
  label: string;
  reloadDocument?: boolean;
}) {
  const className =
    'flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 [&_svg]:size-5 [&_svg]:text-brand-700';
  const Anchor = reloadDocument ? 'a' : Link;
  return (
    <Anchor href={href} className={className}>
      {icon}
      {label}
    </Anchor>
  );
}

function Service({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="flex items-start gap-3 [&_svg]:mt-0.5 [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-brand-700">
      {icon}
      <span>
        <span className="block font-semibold text-slate-900">{title}</span>
        {text}
      </span>
    </li>
  );
}

function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{children}</p>;
}
