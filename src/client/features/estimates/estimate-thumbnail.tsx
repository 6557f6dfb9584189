import { Car } from 'lucide-react';
import { useState } from 'react';
import type { Estimate } from '#domain/estimate.ts';

/** The first photo's thumbnail, or a car icon when there is none or it fails to load. */
export function EstimateThumbnail({ estimate }: { estimate: Estimate }) {
  const [failed, setFailed] = useState(false);
  const src = estimate.thumbnails[0];
  if (!src || failed) {
    return (
      <div className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
        <Car className="size-7" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      onError={() => setFailed(true)}
      className="size-16 shrink-0 rounded-lg object-cover"
    />
  );
}
