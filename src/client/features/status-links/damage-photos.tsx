import { useT } from '#client/i18n/use-t.ts';
import type { StatusPhoto } from '#domain/status-links.ts';

/** The photos sent with the request: small pictures, each opening the full-size photo. */
export function DamagePhotos({ photos }: { photos: readonly StatusPhoto[] }) {
  const t = useT();
  if (photos.length === 0) return null;
  return (
    <ul aria-label={t('status.photosLabel')} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {photos.map((photo, index) => (
        <li key={photo.url}>
          <a
            href={photo.url}
            target="_blank"
            rel="noopener noreferrer"
            className="block aspect-square overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <img
              src={photo.thumbnailUrl}
              alt={t('status.photoAlt', { number: index + 1, count: photos.length })}
              loading="lazy"
              className="size-full object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
