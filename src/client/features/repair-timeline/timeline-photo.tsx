import { ExternalLink } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { Thumbnail } from '#client/components/ui/thumbnail.tsx';
import { useT } from '#client/i18n/use-t.ts';
import type { PhotoView } from './timeline-view.ts';

/**
 * One progress photo: a thumbnail that opens the photo larger over the page (a phone keeps its place
 * in the timeline), with a link to the full-size file. A photo that fails to load says so.
 */
export function TimelinePhoto({ view, label }: { view: PhotoView; label: string }) {
  const t = useT();
  return (
    <li>
      <Dialog>
        <DialogTrigger
          aria-label={t('estimate.timeline.openLarger', { label })}
          className="block aspect-square w-full overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <Thumbnail src={view.thumbnail} missingLabel={t('estimate.photos.missing')} />
        </DialogTrigger>
        <DialogContent className="max-w-3xl" aria-describedby={undefined}>
          <DialogHeader>
            <DialogTitle>{label}</DialogTitle>
          </DialogHeader>
          <img
            src={view.full}
            alt={label}
            className="max-h-[70dvh] w-full rounded-lg bg-slate-100 object-contain"
          />
          <a
            href={view.full}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {t('estimate.timeline.openFull')}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('estimate.timeline.newTab')}</span>
          </a>
        </DialogContent>
      </Dialog>
    </li>
  );
}
