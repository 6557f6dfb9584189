import type { PhotoStepId } from '#domain/photos.ts';
import type { EstimateFormValues } from './estimate-form.ts';

/**
 * What the customer typed and which photos finished uploading, kept in this browser until the request
 * is sent: a lost signal, a reload or a closed tab loses nothing. (Photos still uploading are kept by
 * Golden Retriever; see resumable-uppy.ts.) A day at most, like an unattached photo on the server.
 */
export interface RequestDraft {
  savedAt: number;
  values: EstimateFormValues;
  photos: Partial<Record<PhotoStepId, string>>;
}

const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;

function keyFor(userId: string): string {
  return `estimate-request-draft:${userId}`;
}

export function loadDraft(userId: string, now = Date.now()): RequestDraft | null {
  try {
    const text = window.localStorage.getItem(keyFor(userId));
    if (!text) return null;
    const draft = JSON.parse(text) as RequestDraft;
    if (typeof draft?.savedAt !== 'number' || now - draft.savedAt > DRAFT_TTL_MS) {
      clearDraft(userId);
      return null;
    }
    return { savedAt: draft.savedAt, values: draft.values, photos: draft.photos ?? {} };
  } catch {
    return null;
  }
}

export function saveDraft(userId: string, draft: Omit<RequestDraft, 'savedAt'>): void {
  try {
    window.localStorage.setItem(keyFor(userId), JSON.stringify({ ...draft, savedAt: Date.now() }));
  } catch {
    // Storage full or disabled (private mode): the form still works, it is just not kept.
  }
}

export function clearDraft(userId: string): void {
  try {
    window.localStorage.removeItem(keyFor(userId));
  } catch {
    // As above.
  }
}
