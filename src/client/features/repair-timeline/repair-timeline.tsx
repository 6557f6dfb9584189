import { Bell, Camera, CircleDot, KeyRound, Wrench } from 'lucide-react';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import { shopDateTime } from '#client/lib/format-date.ts';
import type { TimelineEntry } from '#domain/repair-progress.ts';
import { entryText } from './entry-text.ts';
import { TimelinePhoto } from './timeline-photo.tsx';
import { newestFirst, type PhotoViewOf, signedInPhotoView } from './timeline-view.ts';

const KIND_LABEL = {
  status: 'estimate.timeline.status',
  stage: 'estimate.timeline.stage',
  pickup: 'estimate.timeline.pickup',
  ready_notice: 'estimate.timeline.notice',
  check_in: 'estimate.timeline.checkIn',
} as const satisfies Record<TimelineEntry['kind'], MessageId>;

/**
 * The repair's story as the customer reads it: every status change and stage, newest first (see
 * `newestFirst` for why), with the stage's note and photos. Data in, nothing fetched: the caller
 * gives the entries it may show and says how its photos are served (`photoView`), so a page opened
 * by a status link can pass its own token-scoped URLs.
 */
export function RepairTimeline({
  entries,
  photoView = signedInPhotoView,
  className,
}: {
  entries: readonly TimelineEntry[];
  photoView?: PhotoViewOf;
  className?: string;
}) {
  const t = useT();
  if (entries.length === 0) return null;
  // Each entry's place in the API's oldest-first list: the list only grows, so it names the entry for good.
  const shown = newestFirst(entries.map((entry, order) => ({ ...entry, order })));
  return (
    <ol aria-label={t('estimate.timeline.label')} className={cn('relative space-y-5', className)}>
      {shown.map((entry, index) => {
        const title = entryText(t, entry);
        const latest = index === 0;
        const Icon = {
          stage: Wrench,
          pickup: KeyRound,
          check_in: Camera,
          status: CircleDot,
          ready_notice: Bell,
        }[entry.kind];
        return (
          <li key={entry.order} className="relative flex gap-3">
            {index < shown.length - 1 && (
              <span
                aria-hidden="true"
                className="absolute top-9 bottom-[-1.25rem] left-4 w-px bg-slate-200"
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                'relative flex size-8 shrink-0 items-center justify-center rounded-full ring-4 ring-white',
                latest ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600',
              )}
            >
              <Icon className="size-4" />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                <span className="font-semibold text-slate-900">{title}</span>
                <span className="text-xs font-medium text-slate-500">
                  {t(KIND_LABEL[entry.kind])}
                  {latest && <span className="sr-only"> {t('estimate.timeline.latest')}</span>}
                </span>
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={entry.at}>
                  {shopDateTime(entry.at) ?? t('estimate.timeline.timeNotAvailable')}
                </time>
              </p>
              {entry.note && (
                <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-700">
                  {entry.note}
                </p>
              )}
              {entry.photos && entry.photos.length > 0 && (
                <ul
                  aria-label={t('estimate.timeline.photos', { title })}
                  className="mt-2 grid max-w-md grid-cols-3 gap-2"
                >
                  {entry.photos.map((photo, photoIndex) => (
                    <TimelinePhoto
                      key={photo}
                      view={photoView(photo)}
                      label={t('estimate.timeline.photo', {
                        title,
                        number: photoIndex + 1,
                        count: entry.photos?.length ?? 0,
                      })}
                    />
                  ))}
                </ul>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
