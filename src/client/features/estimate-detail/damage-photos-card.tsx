import { Camera } from 'lucide-react';
import { useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { PhotoTile } from '#client/features/photos/shared.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import type { Estimate } from '#domain/estimate.ts';
import { customerMayEditPhotos, customerMayRemovePhotos } from '#domain/estimate-status.ts';
import { MAX_PHOTOS_PER_ESTIMATE } from '#domain/photos.ts';
import { AddPhotoDialog } from './add-photo-dialog.tsx';
import { useUpdatePhotos } from './api/update-photos.ts';

/**
 * The damage photos; in edit mode the customer removes photos (after confirming) or adds one. Once the
 * shop has quoted, photos can only be added; once the estimate is completed, declined or cancelled,
 * not even that (the server refuses both too).
 */
export function DamagePhotosCard({ estimate }: { estimate: Estimate }) {
  const [editingWanted, setEditing] = useState(false);
  /** The photo whose removal is being confirmed, by its index. */
  const [confirmingRemoval, setConfirmingRemoval] = useState<number | null>(null);
  const updatePhotos = useUpdatePhotos(estimate.id);
  const t = useT();
  const { photos, thumbnails } = estimate;
  const mayEdit = customerMayEditPhotos(estimate.status);
  const mayRemove = customerMayRemovePhotos(estimate.status);
  // The shop may close the estimate while the page is open: edit mode ends with it.
  const editing = editingWanted && mayEdit;

  function remove(index: number) {
    updatePhotos.mutate(
      photos.filter((_, i) => i !== index),
      {
        onSuccess: () => {
          toast({ title: t('estimate.photos.updatedTitle'), description: t('estimate.photos.updatedBody') });
          setConfirmingRemoval(null);
          setEditing(false);
        },
        onError: (error) => {
          setConfirmingRemoval(null);
          reportMutationError(error, {
            title: t('estimate.error.title'),
            fallback: t('estimate.photos.updateFailed'),
            withServerMessage: true,
            problem: problemText,
          });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex min-w-0 items-center gap-2">
          <Camera className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          {t('estimate.photos.title')}
        </CardTitle>
        {mayEdit && (
          <Button
            variant="secondary"
            size="sm"
            className="shrink-0"
            onClick={() => setEditing((on) => !on)}
            aria-pressed={editing}
          >
            {editing ? t('estimate.cancel') : t('estimate.photos.edit')}
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        {photos.length === 0 && !editing && (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{t('estimate.photos.none')}</p>
        )}
        {(photos.length > 0 || editing) && (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((photo, index) => (
              <PhotoTile
                key={photo}
                photoUrl={photo}
                thumbnailUrl={thumbnails[index] ?? photo}
                number={index + 1}
                openLabel={t('estimate.photos.open', { number: index + 1 })}
                removeLabel={t('estimate.photos.remove', { number: index + 1 })}
                missingLabel={t('estimate.photos.missing')}
                onRemove={editing && mayRemove ? () => setConfirmingRemoval(index) : undefined}
                removing={updatePhotos.isPending}
              />
            ))}
            {editing && photos.length < MAX_PHOTOS_PER_ESTIMATE && (
              <AddPhotoDialog estimateId={estimate.id} onAdded={() => setEditing(false)} />
            )}
          </ul>
        )}
        {editing && (
          <p className="text-sm text-slate-600">
            {mayRemove ? t('estimate.photos.hintRemove') : t('estimate.photos.hintAddOnly')}
          </p>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmingRemoval !== null}
        onOpenChange={(open) => !open && setConfirmingRemoval(null)}
        title={t('estimate.photos.removeTitle', { number: (confirmingRemoval ?? 0) + 1 })}
        description={t('estimate.photos.removeBody')}
        confirmLabel={t('estimate.photos.removeConfirm')}
        busyLabel={t('estimate.photos.removing')}
        cancelLabel={t('estimate.cancel')}
        busy={updatePhotos.isPending}
        onConfirm={() => confirmingRemoval !== null && remove(confirmingRemoval)}
      />
    </Card>
  );
}
