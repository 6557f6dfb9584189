import { Camera } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { PhotoTile } from '#client/features/photos/shared.ts';
import type { Estimate } from '#domain/estimate.ts';

/** The customer's damage photos; each opens full size in a new tab. */
export function AdminPhotosCard({ estimate }: { estimate: Pick<Estimate, 'photos' | 'thumbnails'> }) {
  const { photos, thumbnails } = estimate;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Camera className="size-5 text-brand-700" aria-hidden="true" />
          Damage Photos
          {photos.length > 0 && <span className="text-sm font-normal text-slate-500">({photos.length})</span>}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {photos.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">No photos uploaded</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((photo, index) => (
              <PhotoTile
                key={photo}
                photoUrl={photo}
                thumbnailUrl={thumbnails[index] ?? photo}
                number={index + 1}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
