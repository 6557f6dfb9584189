import { AlertTriangle, CalendarClock, CheckCircle2, LinkIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { StateCard } from '#client/components/ui/state-card.tsx';
import { formatShopDay } from '#client/i18n/format.ts';
import { activateLanguage, currentLanguage } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import { ApiError } from '#client/lib/api.ts';
import { useNow } from '#client/lib/clock.ts';
import { shop } from '#client/lib/shop.ts';
import { dropOffSlotLabel, shopToday } from '#domain/drop-off-slots.ts';
import { DROP_OFF_LINK_TTL_DAYS, type DropOffLinkPage as Page } from '#domain/self-booking.ts';
import { useConfirmDropOff, useDropOffLink } from './api/drop-off-link.ts';
import { confirmIntent } from './confirm-intent.ts';
import { WindowPicker } from './window-picker.tsx';

/**
 * /drop-off/<token>: what the day-before reminder's links open, signed out, in the customer's
 * language. Opened from "Yes, I'll be there" (`?confirm=<booking>`) it confirms that booking at once,
 * or, moved since, shows the new time to confirm; from "Pick another time" it offers the open
 * windows to move to. After a missed drop-off the same page books a new time.
 */
export function DropOffLinkPage() {
  const { token = '' } = useParams<{ token: string }>();
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-lg space-y-4 px-4 py-6 sm:py-10">
        <DropOffLink token={token} />
      </div>
    </PublicLayout>
  );
}

function DropOffLink({ token }: { token: string }) {
  const t = useT();
  const link = useDropOffLink(token);
  const language = link.data?.kind === 'open' ? link.data.page.language : null;
  useEffect(() => {
    if (language && language !== currentLanguage()) void activateLanguage(language, 'estimate');
  }, [language]);

  if (link.isPending) return <Spinner className="min-h-[40vh]" label={t('estimate.booking.loading')} />;
  if (link.isError) {
    return (
      <StateCard icon={AlertTriangle} tone="warning" title={t('estimate.booking.loadFailed')}>
        <Button className="mt-3" onClick={() => void link.refetch()}>
          {t('estimate.booking.retry')}
        </Button>
      </StateCard>
    );
  }
  if (link.data.kind === 'notValid') {
    return (
      <StateCard icon={LinkIcon} title={t('estimate.booking.notValidTitle')}>
        <p>{t('estimate.booking.notValid', { days: DROP_OFF_LINK_TTL_DAYS, phone: shop.phone })}</p>
      </StateCard>
    );
  }
  return <Booking token={token} page={link.data.page} />;
}

function Booking({ token, page }: { token: string; page: Page }) {
  const t = useT();
  const confirm = useConfirmDropOff(token);
  const requested = new URLSearchParams(useSearch()).get('confirm');
  const [moving, setMoving] = useState(requested === null && page.dropOff !== null && page.canBook);
  const asked = useRef(false);
  const { dropOff } = page;
  const today = shopToday(useNow());
  const intent = confirmIntent(requested, dropOff, today);
  // The confirm link confirms once opened: one tap in the e-mail or text is the whole answer.
  useEffect(() => {
    if (intent !== 'confirm' || asked.current || !dropOff) return;
    asked.current = true;
    confirm.mutate(dropOff.id);
  }, [intent, dropOff, confirm]);
  // A booking moved meanwhile answers 409; the page reloads and says what the new time is.
  const failed = confirm.isError && !(confirm.error instanceof ApiError && confirm.error.status === 409);

  const language = currentLanguage();
  const vehicle = page.vehicle ?? t('estimate.booking.yourVehicle');
  return (
    <Card>
      <CardContent className="space-y-5 p-5 sm:p-6">
        <div className="space-y-1">
          <p className="text-sm font-semibold text-slate-600">{page.shopName}</p>
          <h1 className="flex items-center gap-2 text-2xl font-extrabold text-slate-900">
            <CalendarClock className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
            {dropOff ? t('estimate.booking.linkTitle') : t('estimate.booking.title')}
          </h1>
          <p className="text-slate-700">{vehicle}</p>
        </div>
        {dropOff ? (
          <div className="space-y-3">
            <dl className="grid gap-2 rounded-lg bg-slate-50 p-4 text-sm">
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                  {t('estimate.dropOff.date')}
                </dt>
                <dd className="font-semibold text-slate-900">{formatShopDay(dropOff.date)}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                  {t('estimate.dropOff.time')}
                </dt>
                <dd className="font-semibold text-slate-900">{dropOffSlotLabel(dropOff.slot, language)}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                  {t('estimate.dropOff.where')}
                </dt>
                <dd className="text-slate-900">
                  {shop.name}, {shop.street}, {shop.city}
                </dd>
              </div>
            </dl>
            {intent === 'moved' && (
              <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
                {t('estimate.booking.movedSince', {
                  date: formatShopDay(dropOff.date),
                  time: dropOffSlotLabel(dropOff.slot, language),
                })}
              </p>
            )}
            {dropOff.date < today ? null : dropOff.confirmedAt ? (
              <p role="status" className="flex items-center gap-2 font-semibold text-green-800">
                <CheckCircle2 className="size-5" aria-hidden="true" />
                {t('estimate.booking.confirmedThanks')}
              </p>
            ) : (
              <Button onClick={() => confirm.mutate(dropOff.id)} disabled={confirm.isPending}>
                {confirm.isPending ? t('estimate.booking.confirming') : t('estimate.booking.confirm')}
              </Button>
            )}
            {failed && (
              <p role="alert" className="text-sm text-brand-800">
                {t('estimate.booking.confirmFailed')}
              </p>
            )}
          </div>
        ) : (
          <p className="text-slate-700">
            {page.canBook
              ? t('estimate.booking.intro')
              : t('estimate.booking.nothingToBook', { phone: shop.phone })}
          </p>
        )}
        {page.canBook &&
          (moving || !dropOff ? (
            <section className="space-y-3" aria-label={t('estimate.booking.moveTitle')}>
              {dropOff && <h2 className="font-semibold text-slate-900">{t('estimate.booking.moveTitle')}</h2>}
              <WindowPicker
                source={{ kind: 'link', token }}
                submitLabel={dropOff ? t('estimate.booking.move') : t('estimate.booking.book')}
                onBooked={() => setMoving(false)}
              />
            </section>
          ) : (
            <Button variant="secondary" onClick={() => setMoving(true)}>
              {t('estimate.booking.pickAnother')}
            </Button>
          ))}
        {!page.canBook && dropOff && (
          <p className="text-sm text-slate-600">
            {t('estimate.booking.callToChange', { phone: shop.phone })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
