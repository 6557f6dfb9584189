import { Camera, History } from 'lucide-react';
import { useParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { type PhotoViewOf, PromisedDate, RepairTimeline } from '#client/features/repair-timeline/shared.ts';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { Trans } from '#client/i18n/trans.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { shop } from '#client/lib/shop.ts';
import { SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import { intlLocale } from '#domain/language.ts';
import type { TimelineEntry } from '#domain/repair-progress.ts';
import type { StatusPage as StatusPageData } from '#domain/status-links.ts';
import { useStatusPage } from './api/get-status-page.ts';
import { DamagePhotos } from './damage-photos.tsx';
import { StatusLinkNotValid } from './status-link-not-valid.tsx';

/**
 * /status/<token>: the repair's progress, read-only, for whoever holds the link (no sign-in). The
 * shop's public header, the customer's first name and vehicle, the status, the promised date with its
 * changes, the timeline with its photos. A link that is not valid gets a plain page saying so.
 */
export function StatusPage() {
  const t = useT();
  const { token = '' } = useParams<{ token: string }>();
  const page = useStatusPage(token);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-6 sm:py-10">
        {page.isLoading ? (
          // A screen's height while the repair loads: the footer starts below the fold, and does not
          // jump down when the (always taller) status arrives.
          <Spinner className="min-h-svh" label={t('status.loading')} />
        ) : page.isError ? (
          <Card className="p-6">
            <h1 className="text-xl font-bold text-slate-900">{t('status.loadFailed.title')}</h1>
            <p className="mt-2 text-sm text-slate-700">{t('status.loadFailed.message')}</p>
            <Button className="mt-5" onClick={() => void page.refetch()}>
              {t('status.loadFailed.retry')}
            </Button>
          </Card>
        ) : page.data ? (
          <RepairStatus status={page.data} />
        ) : (
          <StatusLinkNotValid />
        )}
      </div>
    </PublicLayout>
  );
}

/** "March 5, 2026" / "5 de marzo de 2026": the day as the shop's clock reads it; null when not a date. */
function shopDay(value: string): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(intlLocale(currentLanguage()), {
    dateStyle: 'long',
    timeZone: SHOP_TIME_ZONE,
  }).format(date);
}

function RepairStatus({ status }: { status: StatusPageData }) {
  const t = useT();
  const vehicle = vehicleTitle(status.vehicle);
  const expires = shopDay(status.expiresAt);
  const phoneLink = (
    <a href={`tel:${shop.phone}`} className="font-semibold text-brand-700 underline underline-offset-2">
      {shop.phone}
    </a>
  );
  // The timeline component takes photo URLs; each one's thumbnail comes from the same reply.
  const thumbnails = new Map(
    status.timeline.flatMap((entry) => (entry.photos ?? []).map((photo) => [photo.url, photo.thumbnailUrl])),
  );
  const photoView: PhotoViewOf = (url) => ({ full: url, thumbnail: thumbnails.get(url) ?? url });
  const entries: TimelineEntry[] = status.timeline.map(({ photos, ...entry }) => ({
    ...entry,
    ...(photos ? { photos: photos.map((photo) => photo.url) } : {}),
  }));
  return (
    <>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">
          {status.firstName ? t('status.greeting', { name: status.firstName }) : t('status.greetingNoName')}
        </h1>
        <p className="text-base text-slate-700">
          {vehicle ? (
            <Trans
              id="status.intro"
              values={{ vehicle, shop: shop.name }}
              components={{ 0: <strong className="text-slate-900" /> }}
            />
          ) : (
            t('status.introNoVehicle', { shop: shop.name })
          )}
        </p>
      </header>

      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 p-5">
          <p className="text-sm font-semibold text-slate-700">{t('status.currentStatus')}</p>
          <StatusBadge status={status.status} className="px-3 py-1 text-sm" />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <History className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            {t('status.repairProgress')}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <PromisedDate promisedDate={status.promisedDate} history={status.promisedDateHistory} />
          <RepairTimeline entries={entries} photoView={photoView} />
        </CardContent>
      </Card>

      {status.photos.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Camera className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              {t('status.damagePhotos')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <DamagePhotos photos={status.photos} />
          </CardContent>
        </Card>
      )}

      <p className="px-1 text-xs text-slate-600">
        {expires ? (
          <Trans
            id="status.readOnly"
            values={{ date: expires, phone: shop.phone }}
            components={{ 0: phoneLink }}
          />
        ) : (
          <Trans id="status.readOnlyNoDate" values={{ phone: shop.phone }} components={{ 0: phoneLink }} />
        )}
      </p>
    </>
  );
}
