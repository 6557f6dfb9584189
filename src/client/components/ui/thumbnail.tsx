import { ImageOff } from 'lucide-react';
import { useState } from 'react';

/** A square photo thumbnail that fills its box, or says "Image not found" when the file fails to load. */
export function Thumbnail({
  src,
  missingLabel = 'Image not found',
}: {
  src: string;
  /** The customer's screens give it in the page's language. */
  missingLabel?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="flex h-full flex-col items-center justify-center gap-1 p-2 text-center text-xs text-slate-500">
        <ImageOff className="size-6" aria-hidden="true" />
        {missingLabel}
      </span>
    );
  }
  return (
    <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} className="size-full object-cover" />
  );
}
