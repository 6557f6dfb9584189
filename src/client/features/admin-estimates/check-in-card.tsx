import { Camera, ImagePlus } from 'lucide-react';
import { type FormEvent, Suspense, useId, useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { LazyPhotoUploader, toUploadApiError } from '#client/features/photos/shared.ts';
import { errorMessage } from '#client/lib/api.ts';
import { cn } from '#client/lib/cn.ts';
import { shopDateTime } from '#client/lib/format-date.ts';
import {
  angleLabel,
  type CheckInView,
  FUEL_LEVEL_LABELS,
  FUEL_LEVELS,
  type FuelLevel,
  uncoveredAngles,
} from '#domain/check-in.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { normalizeStatus } from '#domain/estimate-status.ts';
import { useCheckIn, useRecordCheckIn } from './api/check-in.ts';
import { photoThumbnail } from './progress-photos-field.tsx';

const CLOSED = new Set(['completed', 'cancelled', 'declined']);
// As many tiles a row as fit at 5.5 rem: three on a phone, four in the shop page's side column,
// where five cut "Odometer" at their edges.
const PHOTO_GRID = 'grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2';

/**
 * Check-in at drop-off, made for the desk's phone: odometer, fuel, keys, the damage already there, and
 * a photo of every angle the shop requires (each taken with the camera through the app's uploader).
 * Once recorded it shows the latest check-in, with "New check-in" for a car that comes back (each
 * visit is kept, decision 071); the customer sees the same on their estimate.
 */
export function CheckInCard({ estimate }: { estimate: EstimateDetail }) {
  const titleId = useId();
  const { data, isLoading } = useCheckIn(estimate.id);
  const closed = CLOSED.has(normalizeStatus(estimate.status) ?? '');
  if (isLoading || !data || (closed && !data.checkIn)) return null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Camera className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          Check-in
        </CardTitle>
      </CardHeader>
      <CardContent>
        {data.checkIn ? (
          <RecordedCheckIn
            estimateId={estimate.id}
            checkIn={data.checkIn}
            angles={data.requiredAngles}
            canAddAnother={!closed}
          />
        ) : (
          <CheckInForm estimateId={estimate.id} angles={data.requiredAngles} />
        )}
      </CardContent>
    </Card>
  );
}

/** The latest check-in, and (while the estimate is open) the form again for the car's next visit. */
export function RecordedCheckIn({
  estimateId,
  checkIn,
  angles,
  canAddAnother,
}: {
  estimateId: string;
  checkIn: CheckInView;
  angles: string[];
  canAddAnother: boolean;
}) {
  const [adding, setAdding] = useState(false);
  if (adding) {
    return (
      <div className="space-y-3">
        <h3 className="text-sm font-semibold text-slate-900">New check-in</h3>
        <CheckInForm estimateId={estimateId} angles={angles} onRecorded={() => setAdding(false)} />
        <Button size="sm" variant="ghost" onClick={() => setAdding(false)}>
          Cancel
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <CheckInSummary checkIn={checkIn} />
      {canAddAnother && (
        <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
          New check-in
        </Button>
      )}
    </div>
  );
}

function CheckInSummary({ checkIn }: { checkIn: CheckInView }) {
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>
        Checked in {shopDateTime(checkIn.at)} · {checkIn.odometer.toLocaleString('en-US')} mi · fuel{' '}
        {checkIn.fuel ? FUEL_LEVEL_LABELS[checkIn.fuel].toLowerCase() : 'not noted'} · keys{' '}
        {checkIn.keys ?? 'not noted'}
      </p>
      {checkIn.notes && <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3">{checkIn.notes}</p>}
      <ul aria-label="Check-in photos" className={PHOTO_GRID}>
        {checkIn.photos.map((photo) => (
          <li key={photo.url} className="space-y-1 text-center text-xs">
            <a href={photo.url} target="_blank" rel="noopener">
              <img
                src={photo.thumbnailUrl}
                alt={`Check-in: ${angleLabel(photo.angle)}`}
                className="aspect-square w-full rounded-lg object-cover ring-1 ring-slate-200"
              />
            </a>
            <span>{angleLabel(photo.angle)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CheckInForm({
  estimateId,
  angles,
  onRecorded,
}: {
  estimateId: string;
  angles: string[];
  onRecorded?: () => void;
}) {
  const record = useRecordCheckIn(estimateId);
  const [odometer, setOdometer] = useState('');
  const [fuel, setFuel] = useState<FuelLevel | ''>('');
  const [keys, setKeys] = useState('');
  const [notes, setNotes] = useState('');
  const [photos, setPhotos] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const miles = Number(odometer);
    const shots = Object.entries(photos).map(([angle, photoURL]) => ({ angle, photoURL }));
    const missing = uncoveredAngles(angles, shots);
    if (!/^\d+$/.test(odometer.trim()) || !Number.isSafeInteger(miles)) {
      setProblem('Enter the odometer in whole miles.');
      return;
    }
    if (missing.length > 0) {
      setProblem(`Take a photo of: ${missing.map(angleLabel).join(', ')}.`);
      return;
    }
    setProblem(null);
    record.mutate(
      {
        odometer: miles,
        photos: shots,
        ...(fuel ? { fuel } : {}),
        ...(keys.trim() ? { keys: keys.trim() } : {}),
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      },
      {
        onSuccess: () => onRecorded?.(),
        onError: (error) => setProblem(errorMessage(error, 'The check-in was not saved. Please try again.')),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="check-in-odometer"
          label="Odometer (miles)"
          inputMode="numeric"
          value={odometer}
          onChange={(event) => setOdometer(event.target.value)}
        />
        <div className="space-y-1.5">
          <Label htmlFor="check-in-fuel">Fuel level</Label>
          <NativeSelect
            id="check-in-fuel"
            value={fuel}
            onChange={(event) => setFuel(event.target.value as FuelLevel)}
          >
            <option value="">Not noted</option>
            {FUEL_LEVELS.map((level) => (
              <option key={level} value={level}>
                {FUEL_LEVEL_LABELS[level]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <TextField
        id="check-in-keys"
        label="Keys left (optional)"
        hint="For example: 2 keys, 1 fob"
        value={keys}
        onChange={(event) => setKeys(event.target.value)}
      />
      <div className="space-y-1.5">
        <Label htmlFor="check-in-notes">Existing damage (optional)</Label>
        <Textarea
          id="check-in-notes"
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          className="min-h-20"
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Walk-around photos</legend>
        <ul className={PHOTO_GRID}>
          {angles.map((angle) => (
            <li key={angle}>
              <AnglePhoto
                angle={angle}
                photoURL={photos[angle] ?? null}
                onTaken={(photoURL) => setPhotos((taken) => ({ ...taken, [angle]: photoURL }))}
              />
            </li>
          ))}
        </ul>
      </fieldset>
      {problem && (
        <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={record.isPending} className="w-full sm:w-auto">
        Record check-in
      </Button>
    </form>
  );
}

/** One required angle: a tile that opens the uploader, showing the photo once taken (tap to retake). */
function AnglePhoto({
  angle,
  photoURL,
  onTaken,
}: {
  angle: string;
  photoURL: string | null;
  onTaken: (photoURL: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const label = angleLabel(angle);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        aria-label={photoURL ? `Retake the photo: ${label}` : `Take the photo: ${label}`}
        className={cn(
          'relative flex aspect-square w-full flex-col items-center justify-center gap-1 overflow-hidden rounded-lg border-2 border-slate-300 text-center text-xs font-semibold text-slate-700 hover:border-brand-600',
          photoURL ? 'border-solid' : 'border-dashed px-1',
        )}
      >
        {photoURL ? (
          <>
            <img src={photoThumbnail(photoURL)} alt="" className="size-full object-cover" />
            {/* Which angle each taken photo is, at a glance, before the check-in is recorded. */}
            <span className="absolute inset-x-0 bottom-0 bg-slate-900/70 px-1 py-0.5 text-white">
              {label}
            </span>
          </>
        ) : (
          <>
            <ImagePlus className="size-5" aria-hidden="true" />
            {label}
          </>
        )}
      </DialogTrigger>
      <DialogContent className="max-w-2xl" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Check-in photo: {label}</DialogTitle>
          <DialogDescription>Take the photo with the phone's camera, or choose one.</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Spinner className="h-72" label="Loading the uploader" />}>
          <LazyPhotoUploader
            uploadOnChoose
            onUploaded={async (url) => {
              onTaken(url);
              setOpen(false);
            }}
            onFailed={(error) =>
              reportMutationError(toUploadApiError(error), {
                fallback: 'Failed to upload the photo. Please try again.',
                withServerMessage: true,
              })
            }
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
