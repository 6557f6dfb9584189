import { Camera, History } from 'lucide-react';
import { useParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { StatusBadge } from '#client/components/ui/status-badge.tsx';
import { type PhotoViewOf, PromisedDate, RepairTimeline } from '#client/features/repair-timeline/shared.ts';
import { longDate } from '#client/lib/format-date.ts';
import { shop } from '#client/lib/shop.ts';
import { vehicleTitle } from '#domain/estimate.ts';
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
  const { token = '' } = useParams<{ token: string }>();
  const page = useStatusPage(token);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-6 sm:py-10">
        {page.isLoading ? (
          <Spinner className="min-h-[40vh]" />
        ) : page.isError ? (
          <Card className="p-6">
            <h1 className="text-xl font-bold text-slate-900">We couldn't load the repair status</h1>
            <p className="mt-2 text-sm text-slate-700">Please check your connection and try again.</p>
            <Button className="mt-5" onClick={() => void page.refetch()}>
              Try Again
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

function RepairStatus({ status }: { status: StatusPageData }) {
  const vehicle = vehicleTitle(status.vehicle) ?? 'your vehicle';
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
          {status.firstName ? `Hi ${status.firstName},` : 'Hello,'}
        </h1>
        <p className="text-base text-slate-700">
          here is how the repair of your <strong className="text-slate-900">{vehicle}</strong> is going at{' '}
          {shop.name}.
        </p>
      </header>

      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 p-5">
          <p className="text-sm font-semibold text-slate-700">Current status</p>
          <StatusBadge status={status.status} className="px-3 py-1 text-sm" />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <History className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            Repair Progress
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
              Damage Photos
            </CardTitle>
          </CardHeader>
          <CardContent>
            <DamagePhotos photos={status.photos} />
          </CardContent>
        </Card>
      )}

      <p className="px-1 text-xs text-slate-600">
        This page is read-only and this link works until {longDate(status.expiresAt) ?? 'it expires'}.
        Questions? Call us at{' '}
        <a href={`tel:${shop.phone}`} className="font-semibold text-brand-700 underline underline-offset-2">
          {shop.phone}
        </a>
        .
      </p>
    </>
  );
}
