import { ImageOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

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
  const photo = useRef<HTMLImageElement>(null);
  // On a page the server drew, the photo may have failed before the app took the page over: its error
  // event came before the handler below was there.
  useEffect(() => {
    const image = photo.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <span className="flex h-full flex-col items-center justify-center gap-1 p-2 text-center text-xs text-slate-500">
        <ImageOff className="size-6" aria-hidden="true" />
        {missingLabel}
      </span>
    );
  }
  return (
    <img
      ref={photo}
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className="size-full object-cover"
    />
  );
}
