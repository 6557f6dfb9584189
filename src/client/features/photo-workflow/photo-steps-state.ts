import { PHOTO_STEPS, type PhotoStepId } from '#domain/photos.ts';

export type PhotoStep = (typeof PHOTO_STEPS)[number];

/** One chosen photo: its preview (local, or the server's thumbnail once restored) and how far its upload got. */
export interface StepPhoto {
  previewUrl: string;
  /** Identifies one upload attempt, so news from an abandoned attempt is ignored. */
  attempt: number;
  status: 'uploading' | 'uploaded' | 'failed';
  /** 0..1 while uploading. */
  progress: number;
  photoURL: string | null;
  error: string | null;
}

export interface PhotoStepsState {
  /** The highlighted step; null once every step has a photo. */
  current: PhotoStepId | null;
  photos: Partial<Record<PhotoStepId, StepPhoto>>;
}

export type PhotoStepsAction =
  | { type: 'chosen'; step: PhotoStepId; previewUrl: string; attempt: number }
  | { type: 'restored'; photos: PhotoStepsState['photos'] }
  | { type: 'retrying'; step: PhotoStepId; attempt: number }
  | { type: 'progress'; step: PhotoStepId; attempt: number; progress: number }
  | { type: 'uploaded'; step: PhotoStepId; attempt: number; photoURL: string }
  | { type: 'failed'; step: PhotoStepId; attempt: number; error: string }
  | { type: 'removed'; step: PhotoStepId }
  | { type: 'selected'; step: PhotoStepId };

export const initialPhotoStepsState: PhotoStepsState = { current: PHOTO_STEPS[0].id, photos: {} };

export function stepById(id: PhotoStepId): PhotoStep {
  const step = PHOTO_STEPS.find((candidate) => candidate.id === id);
  if (!step) throw new Error(`Unknown photo step ${id}`);
  return step;
}

/** The first step without a photo after `after` (wrapping round to the start), or null when all have one. */
export function nextIncompleteStep(
  photos: PhotoStepsState['photos'],
  after: PhotoStepId,
): PhotoStepId | null {
  const start = PHOTO_STEPS.findIndex((step) => step.id === after);
  for (let offset = 1; offset <= PHOTO_STEPS.length; offset += 1) {
    const step = PHOTO_STEPS[(start + offset) % PHOTO_STEPS.length];
    if (step && !photos[step.id]) return step.id;
  }
  return null;
}

function updateAttempt(
  state: PhotoStepsState,
  step: PhotoStepId,
  attempt: number,
  change: Partial<StepPhoto>,
): PhotoStepsState {
  const photo = state.photos[step];
  if (!photo || photo.attempt !== attempt) return state;
  return { ...state, photos: { ...state.photos, [step]: { ...photo, ...change } } };
}

export function photoStepsReducer(state: PhotoStepsState, action: PhotoStepsAction): PhotoStepsState {
  switch (action.type) {
    case 'chosen': {
      const photos = {
        ...state.photos,
        [action.step]: {
          previewUrl: action.previewUrl,
          attempt: action.attempt,
          status: 'uploading',
          progress: 0,
          photoURL: null,
          error: null,
        } satisfies StepPhoto,
      };
      return { current: nextIncompleteStep(photos, action.step), photos };
    }
    case 'restored': {
      // What came back from before the reload; anything chosen since then stays.
      const photos = { ...action.photos, ...state.photos };
      const first = PHOTO_STEPS[0].id;
      return { current: photos[first] ? nextIncompleteStep(photos, first) : first, photos };
    }
    case 'retrying': {
      const photo = state.photos[action.step];
      if (!photo) return state;
      const retried = {
        ...photo,
        attempt: action.attempt,
        status: 'uploading',
        progress: 0,
        error: null,
      } as const;
      return { ...state, photos: { ...state.photos, [action.step]: retried } };
    }
    case 'progress':
      return updateAttempt(state, action.step, action.attempt, { progress: action.progress });
    case 'uploaded':
      return updateAttempt(state, action.step, action.attempt, {
        status: 'uploaded',
        progress: 1,
        photoURL: action.photoURL,
      });
    case 'failed':
      return updateAttempt(state, action.step, action.attempt, { status: 'failed', error: action.error });
    case 'removed': {
      const { [action.step]: _removed, ...photos } = state.photos;
      return { current: action.step, photos };
    }
    case 'selected':
      return { ...state, current: action.step };
  }
}

/** Every required step has an uploaded photo and nothing is still on its way. */
export function readyToSubmit(state: PhotoStepsState): boolean {
  const photos = PHOTO_STEPS.map((step) => state.photos[step.id]);
  const requiredDone = PHOTO_STEPS.every(
    (step) => !step.required || state.photos[step.id]?.status === 'uploaded',
  );
  return requiredDone && !photos.some((photo) => photo?.status === 'uploading');
}
