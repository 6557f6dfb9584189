import { photoIdFromUrl, thumbnailUrl } from '#domain/photos.ts';
import type { PromisedDateChange } from '#domain/repair-progress.ts';

/** Where a photo of the timeline opens full size, and the small picture shown in the list. */
export interface PhotoView {
  full: string;
  thumbnail: string;
}

/** Turns a timeline photo URL into what the page shows; each page knows how its photos are served. */
export type PhotoViewOf = (photo: string) => PhotoView;

/**
 * The signed-in pages' photos: '/api/photos/{id}' opens full size, '/api/photos/{id}/thumbnail' is the
 * small one. A URL of another form is shown as it is (full size both ways).
 */
export const signedInPhotoView: PhotoViewOf = (photo) => {
  const id = photoIdFromUrl(photo);
  return { full: photo, thumbnail: id ? thumbnailUrl(id) : photo };
};

/**
 * Newest first. A customer opens the page to learn what is new: on a phone the latest step must be
 * the first thing read, not the last of a list that grows with every stage. The API sends oldest first.
 */
export function newestFirst<T extends { at: string }>(entries: readonly T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => Date.parse(b.entry.at) - Date.parse(a.entry.at) || b.index - a.index)
    .map(({ entry }) => entry);
}

/** One change of the promised date, with the date it replaced (null for the first date set). */
export interface PromisedDateStep {
  change: PromisedDateChange;
  previous: string | null;
}

/** The history with each change's previous date, newest first (like the timeline). */
export function promisedDateSteps(history: readonly PromisedDateChange[]): PromisedDateStep[] {
  return newestFirst(
    history.map((change, index) => ({ change, previous: history[index - 1]?.date ?? null, at: change.at })),
  ).map(({ change, previous }) => ({ change, previous }));
}
