import { asc, count, gt, ne } from 'drizzle-orm';
import sharp from 'sharp';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, messages, photos, users } from '#server/db/schema.ts';
import { hashPassword } from '#server/password-hash.ts';
import type { HistoryPlan } from './history-plan.ts';
import { seedHistoryRows } from './seed-history-rows.ts';

/** Every account of the history shop signs in with this password: it is a shop for measuring, not for use. */
export const HISTORY_PASSWORD = 'history-shop-1993';
export const HISTORY_STAFF_EMAIL = 'frontdesk@history.example';

export interface HistorySeeded {
  customers: number;
  estimates: number;
  messages: number;
  photos: number;
  rowsSeconds: number;
  filesSeconds: number;
}

/** The shop already holds customers or estimates: a decade is only written into an empty one. */
export class ShopNotEmptyError extends Error {}

/**
 * Fills an empty shop with `plan`'s history: the rows in one transaction, then a small photo and
 * thumbnail file per photo row in the object store, `filesAtOnce` at a time. `progress` hears of each
 * step.
 */
export async function seedHistory(
  deps: { db: Db; store: ObjectStore },
  plan: HistoryPlan,
  options: { now?: Date; seed?: number; filesAtOnce?: number; progress?: (line: string) => void } = {},
): Promise<HistorySeeded> {
  const { db, store } = deps;
  const progress = options.progress ?? (() => {});
  const [customersBefore] = await db.select({ n: count() }).from(users).where(ne(users.isAdmin, true));
  const [estimatesBefore] = await db.select({ n: count() }).from(estimates);
  if ((customersBefore?.n ?? 0) > 0 || (estimatesBefore?.n ?? 0) > 0) {
    throw new ShopNotEmptyError(
      `this shop already has ${customersBefore?.n ?? 0} customers and ${estimatesBefore?.n ?? 0} estimates; seed:history fills an empty one (a new DATA_DIR or database)`,
    );
  }

  const started = performance.now();
  const passwordHash = await hashPassword(HISTORY_PASSWORD);
  await db.transaction(async (tx) => {
    const [staff] = await tx
      .insert(users)
      .values({
        email: HISTORY_STAFF_EMAIL,
        passwordHash,
        firstName: 'Front',
        lastName: 'Desk',
        isAdmin: true,
      })
      .returning({ id: users.id });
    if (!staff) throw new Error('the staff account was not made');
    progress(`Writing ${plan.estimates} estimates of ${plan.customers} customers over ${plan.years} years…`);
    await seedHistoryRows(tx, plan, {
      now: options.now ?? new Date(),
      passwordHash,
      staffId: staff.id,
      seed: options.seed ?? 0.1993,
    });
  });
  const rowsSeconds = (performance.now() - started) / 1000;

  const filesStarted = performance.now();
  const written = await writePhotoFiles(db, store, options.filesAtOnce ?? 32, progress);
  const filesSeconds = (performance.now() - filesStarted) / 1000;

  const [customers] = await db.select({ n: count() }).from(users).where(ne(users.isAdmin, true));
  const [estimateCount] = await db.select({ n: count() }).from(estimates);
  const [messageCount] = await db.select({ n: count() }).from(messages);
  return {
    customers: customers?.n ?? 0,
    estimates: estimateCount?.n ?? 0,
    messages: messageCount?.n ?? 0,
    photos: written,
    rowsSeconds,
    filesSeconds,
  };
}

/** Photos as small files: one tiny image and its thumbnail per row, read from the rows a page at a time. */
async function writePhotoFiles(
  db: Db,
  store: ObjectStore,
  atOnce: number,
  progress: (line: string) => void,
): Promise<number> {
  const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#8a9bb0' } })
    .webp()
    .toBuffer();
  const thumbnail = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#8a9bb0' } })
    .webp()
    .toBuffer();
  let after = '';
  let written = 0;
  for (;;) {
    const page = await db
      .select({ id: photos.id, objectKey: photos.objectKey, thumbnailKey: photos.thumbnailKey })
      .from(photos)
      .where(after ? gt(photos.id, after) : undefined)
      .orderBy(asc(photos.id))
      .limit(5000);
    if (page.length === 0) return written;
    for (let index = 0; index < page.length; index += atOnce) {
      await Promise.all(
        page
          .slice(index, index + atOnce)
          .flatMap((row) => [
            store.put(row.objectKey, photo, 'image/webp'),
            ...(row.thumbnailKey ? [store.put(row.thumbnailKey, thumbnail, 'image/webp')] : []),
          ]),
      );
    }
    written += page.length;
    after = page.at(-1)?.id ?? after;
    if (written % 50_000 < page.length) progress(`${written} photo files written…`);
  }
}
