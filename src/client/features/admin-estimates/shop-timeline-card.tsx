import { History, Lock } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/cn.ts';
import { statusLabel } from '#domain/estimate-status.ts';
import type { TimelineEntry } from '#domain/repair-progress.ts';
import { photoThumbnail } from './progress-photos-field.tsx';
import { shopTime } from './shop-time.ts';

/**
 * The shop's view of the repair's timeline: every status change and stage, oldest first, the internal
 * ones (never shown to the customer) marked as such.
 */
export function ShopTimelineCard({ timeline }: { timeline: TimelineEntry[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-brand-700" aria-hidden="true" />
          Repair Timeline
        </CardTitle>
      </CardHeader>
      <CardContent>
        {timeline.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">Nothing recorded yet</p>
        ) : (
          <ol aria-label="Repair timeline" className="space-y-0">
            {timeline.map((entry, index) => (
              <TimelineItem
                key={`${entry.at}-${entry.kind}-${entry.name}`}
                entry={entry}
                last={index === timeline.length - 1}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function TimelineItem({ entry, last }: { entry: TimelineEntry; last: boolean }) {
  const isStage = entry.kind === 'stage';
  return (
    <li className="relative flex gap-3 pb-4 last:pb-0">
      {!last && (
        <span className="absolute top-4 bottom-0 left-[0.4375rem] w-px bg-slate-200" aria-hidden="true" />
      )}
      <span
        aria-hidden="true"
        className={cn(
          'relative mt-1 size-3.5 shrink-0 rounded-full ring-4 ring-white',
          entry.internal ? 'bg-slate-500' : isStage ? 'bg-orange-500' : 'bg-brand-700',
        )}
      />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <p className="font-semibold text-slate-900">
            {entry.kind === 'pickup'
              ? 'Car picked up'
              : entry.kind === 'ready_notice'
                ? 'Customer told the car is ready (e-mail and text)'
                : isStage
                  ? entry.name
                  : `Status: ${statusLabel(entry.name)}`}
          </p>
          {entry.internal && (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
              <Lock className="size-3" aria-hidden="true" />
              Internal (shop only)
            </span>
          )}
        </div>
        <p className="text-xs text-slate-500">
          <time dateTime={entry.at}>{shopTime(entry.at)}</time>
        </p>
        {entry.note && <p className="text-sm break-words whitespace-pre-line text-slate-700">{entry.note}</p>}
        {entry.photos && entry.photos.length > 0 && (
          <ul className="flex flex-wrap gap-2 pt-1">
            {entry.photos.map((photo, index) => (
              <li key={photo}>
                <a
                  href={photo}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open ${entry.name} photo ${index + 1} full size`}
                  className="block overflow-hidden rounded-lg ring-1 ring-slate-200 hover:ring-brand-600"
                >
                  <img
                    src={photoThumbnail(photo)}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    className="size-16 object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
