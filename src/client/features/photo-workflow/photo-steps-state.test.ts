import { describe, expect, it } from 'vitest';
import {
  initialPhotoStepsState,
  nextIncompleteStep,
  type PhotoStepsAction,
  type PhotoStepsState,
  photoStepsReducer,
  readyToSubmit,
} from './photo-steps-state.ts';

const URL_A = '/api/photos/0b7a1c9e-3f21-4d6a-9a51-7e2c4b1d8f00';

function run(...actions: PhotoStepsAction[]): PhotoStepsState {
  return actions.reduce(photoStepsReducer, initialPhotoStepsState);
}

describe('photo steps', () => {
  it('starts on the overview and advances to the next step without a photo', () => {
    expect(initialPhotoStepsState.current).toBe('overview');
    const state = run({ type: 'chosen', step: 'overview', previewUrl: 'blob:1', attempt: 1 });
    expect(state.current).toBe('damage-front');
    expect(state.photos.overview?.status).toBe('uploading');
  });

  it('skips steps that already have a photo and wraps round to the start', () => {
    const state = run(
      { type: 'chosen', step: 'damage-front', previewUrl: 'blob:1', attempt: 1 },
      { type: 'chosen', step: 'damage-side', previewUrl: 'blob:2', attempt: 2 },
    );
    expect(state.current).toBe('overview');
    expect(nextIncompleteStep(state.photos, 'overview')).toBe('damage-rear');
  });

  it('highlights nothing once every step has a photo', () => {
    const state = run(
      { type: 'chosen', step: 'overview', previewUrl: 'blob:1', attempt: 1 },
      { type: 'chosen', step: 'damage-front', previewUrl: 'blob:2', attempt: 2 },
      { type: 'chosen', step: 'damage-rear', previewUrl: 'blob:3', attempt: 3 },
      { type: 'chosen', step: 'damage-side', previewUrl: 'blob:4', attempt: 4 },
    );
    expect(state.current).toBeNull();
  });

  it('is ready only when the overview is uploaded and nothing is still uploading', () => {
    let state = run({ type: 'chosen', step: 'overview', previewUrl: 'blob:1', attempt: 1 });
    expect(readyToSubmit(state)).toBe(false);
    state = photoStepsReducer(state, { type: 'progress', step: 'overview', attempt: 1, progress: 0.5 });
    expect(state.photos.overview?.progress).toBe(0.5);
    state = photoStepsReducer(state, { type: 'uploaded', step: 'overview', attempt: 1, photoURL: URL_A });
    expect(state.photos.overview?.photoURL).toBe(URL_A);
    expect(readyToSubmit(state)).toBe(true);
    state = photoStepsReducer(state, {
      type: 'chosen',
      step: 'damage-rear',
      previewUrl: 'blob:2',
      attempt: 2,
    });
    expect(readyToSubmit(state)).toBe(false);
    state = photoStepsReducer(state, { type: 'failed', step: 'damage-rear', attempt: 2, error: 'boom' });
    expect(readyToSubmit(state)).toBe(true);
  });

  it('keeps a failed photo for a retry, and ignores news from an abandoned attempt', () => {
    let state = run(
      { type: 'chosen', step: 'overview', previewUrl: 'blob:1', attempt: 1 },
      { type: 'failed', step: 'overview', attempt: 1, error: 'Failed to upload Vehicle Overview photo' },
    );
    expect(state.photos.overview).toMatchObject({ status: 'failed', previewUrl: 'blob:1' });
    state = photoStepsReducer(state, { type: 'retrying', step: 'overview', attempt: 2 });
    state = photoStepsReducer(state, { type: 'uploaded', step: 'overview', attempt: 1, photoURL: URL_A });
    expect(state.photos.overview).toMatchObject({ status: 'uploading', error: null, photoURL: null });
  });

  it('removes a photo to retake it and makes its step current', () => {
    const state = run(
      { type: 'chosen', step: 'overview', previewUrl: 'blob:1', attempt: 1 },
      { type: 'chosen', step: 'damage-front', previewUrl: 'blob:2', attempt: 2 },
      { type: 'removed', step: 'overview' },
    );
    expect(state.photos.overview).toBeUndefined();
    expect(state.current).toBe('overview');
    expect(photoStepsReducer(state, { type: 'selected', step: 'damage-side' }).current).toBe('damage-side');
  });
});

describe('restored photos', () => {
  it('come back beside anything chosen since, and the highlight moves past them', () => {
    const uploaded = {
      previewUrl: '/api/photos/x/thumbnail',
      attempt: 1,
      status: 'uploaded',
      progress: 1,
      photoURL: URL_A,
      error: null,
    } as const;
    const state = run(
      { type: 'chosen', step: 'damage-rear', previewUrl: 'blob:9', attempt: 2 },
      { type: 'restored', photos: { overview: uploaded } },
    );
    expect(state.photos.overview?.photoURL).toBe(URL_A);
    expect(state.photos['damage-rear']?.previewUrl).toBe('blob:9');
    expect(state.current).toBe('damage-front');
  });
});
