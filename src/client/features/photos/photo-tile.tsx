import { X } from 'lucide-react';
import { Thumbnail } from '#client/components/ui/thumbnail.tsx';

/**
 * One damage photo: the thumbnail opens the full-size photo in a new tab. A photo that fails to load
 * says so. In edit mode a remove button sits on its corner.
 */
export function PhotoTile({
  photoUrl,
  thumbnailUrl,
  number,
  openLabel = `Open damage photo ${number} full size`,
  removeLabel = `Remove photo ${number}`,
  missingLabel,
  onRemove,
  removing = false,
}: {
  photoUrl: string;
  thumbnailUrl: string;
  number: number;
  /** The open and remove buttons' names in the page's words (the shop's screens keep the English). */
  openLabel?: string;
  removeLabel?: string;
  missingLabel?: string;
  onRemove?: () => void;
  removing?: boolean;
}) {
  return (
    <li className="relative">
      <a
        href={photoUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={openLabel}
        className="block aspect-square overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 hover:ring-brand-600"
      >
        <Thumbnail src={thumbnailUrl} missingLabel={missingLabel} />
      </a>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          disabled={removing}
          aria-label={removeLabel}
          className="absolute -top-2 -right-2 flex size-9 items-center justify-center rounded-full bg-brand-700 text-white shadow-md ring-2 ring-white hover:bg-brand-800 disabled:opacity-60"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
