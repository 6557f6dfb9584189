import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useEstimate } from '#client/features/estimates/shared.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { useNow } from '#client/lib/clock.ts';
import { shop } from '#client/lib/shop.ts';
import { checkedInForThisVisit } from '#domain/check-in.ts';
import { shopToday } from '#domain/drop-off-slots.ts';
import { customerMayChange } from '#domain/self-booking.ts';
import { useCancelDropOff } from './api/book-drop-off.ts';
import { WindowPicker } from './window-picker.tsx';

/**
 * The car is at the shop for this visit (checked in since the estimate was approved or booked): there
 * is no drop-off left to book or change. Read from the estimate the page already holds (its timeline).
 */
function useCheckedIn(estimateId: string): boolean {
  const { data } = useEstimate(estimateId);
  return data ? checkedInForThisVisit(data.timeline) : false;
}

/**
 * An approved estimate waits for its drop-off: the customer picks a window here (or after approving),
 * until the car is checked in.
 */
export function BookDropOffCard({ estimateId }: { estimateId: string }) {
  const t = useT();
  const titleId = useId();
  if (useCheckedIn(estimateId)) return null;
  return (
    <Card role="region" aria-labelledby={titleId} id="book-drop-off">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <CalendarClock className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          {t('estimate.booking.title')}
        </CardTitle>
        <p className="text-sm text-slate-600">{t('estimate.booking.intro')}</p>
      </CardHeader>
      <CardContent>
        <WindowPicker source={{ kind: 'estimate', estimateId }} submitLabel={t('estimate.booking.book')} />
      </CardContent>
    </Card>
  );
}

/**
 * Under a booked drop-off: move it to another window or cancel it, up to the day before. On the day
 * itself only the shop changes it, and the card says how to reach them; once the car is checked in,
 * there is nothing to change.
 */
export function ChangeDropOff({ estimateId, date }: { estimateId: string; date: string }) {
  const t = useT();
  const [moving, setMoving] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelDropOff(estimateId);
  const today = shopToday(useNow());
  const checkedIn = useCheckedIn(estimateId);
  if (checkedIn) return null;
  if (!customerMayChange(date, today)) {
    return (
      <p className="text-sm text-slate-600">{t('estimate.booking.callToChange', { phone: shop.phone })}</p>
    );
  }
  return (
    <div className="space-y-4 border-t border-slate-200 pt-4">
      {moving ? (
        <div className="space-y-3">
          <h3 className="font-semibold text-slate-900">{t('estimate.booking.moveTitle')}</h3>
          <WindowPicker
            source={{ kind: 'estimate', estimateId }}
            submitLabel={t('estimate.booking.move')}
            onBooked={() => setMoving(false)}
          />
          <Button size="sm" variant="ghost" onClick={() => setMoving(false)}>
            {t('estimate.booking.keep')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setMoving(true)}>
            {t('estimate.booking.pickAnother')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setCancelling(true)}>
            {t('estimate.booking.cancel')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={t('estimate.booking.cancelTitle')}
        description={t('estimate.booking.cancelBody')}
        confirmLabel={t('estimate.booking.cancelConfirm')}
        busyLabel={t('estimate.booking.cancelling')}
        cancelLabel={t('estimate.booking.keep')}
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setCancelling(false);
              toast({
                title: t('estimate.booking.cancelledTitle'),
                description: t('estimate.booking.cancelledBody'),
              });
            },
            onError: (error) => {
              setCancelling(false);
              reportMutationError(error, {
                title: t('estimate.error.title'),
                fallback: t('estimate.booking.cancelFailed'),
                withServerMessage: true,
                problem: problemText,
              });
            },
          })
        }
      />
    </div>
  );
}
