import { and, asc, eq, inArray } from 'drizzle-orm';
import { photoUrl } from '#domain/photos.ts';
import type { PromisedDateChange, TimelineEntry } from '#domain/repair-progress.ts';
import type { Db } from '#server/db/client.ts';
import { estimateEvents, photos } from '#server/db/schema.ts';

/**
 * The estimate's timeline and promised-date history from its events, oldest first. Internal stages
 * (and their photos) are the shop's own: only `staff` readers get them.
 */
export async function loadTimeline(
  db: Db,
  estimateId: string,
  staff: boolean,
): Promise<{ timeline: TimelineEntry[]; promisedDateHistory: PromisedDateChange[] }> {
  const events = await db
    .select()
    .from(estimateEvents)
    .where(
      and(eq(estimateEvents.estimateId, estimateId), staff ? undefined : eq(estimateEvents.internal, false)),
    )
    .orderBy(asc(estimateEvents.createdAt), asc(estimateEvents.id));
  // Stages carry progress photos, check-ins their walk-around photos.
  const stageIds = events
    .filter((event) => event.kind === 'stage' || event.kind === 'check_in')
    .map((event) => event.id);
  const stagePhotos =
    stageIds.length === 0
      ? []
      : await db
          .select({ id: photos.id, eventId: photos.eventId })
          .from(photos)
          .where(and(inArray(photos.eventId, stageIds), eq(photos.status, 'ready')))
          .orderBy(asc(photos.position), asc(photos.id));

  const timeline: TimelineEntry[] = [];
  const promisedDateHistory: PromisedDateChange[] = [];
  for (const event of events) {
    const at = event.createdAt.toISOString();
    if (event.kind === 'promised_date') {
      promisedDateHistory.push({ date: event.name, reason: event.note, at });
      continue;
    }
    const shots = stagePhotos
      .filter((photo) => photo.eventId === event.id)
      .map((photo) => photoUrl(photo.id));
    timeline.push({
      kind: event.kind,
      name: event.name,
      at,
      ...(event.note ? { note: event.note } : {}),
      ...(shots.length > 0 ? { photos: shots } : {}),
      ...(event.internal ? { internal: true as const } : {}),
    });
  }
  return { timeline, promisedDateHistory };
}
