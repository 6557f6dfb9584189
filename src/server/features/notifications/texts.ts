import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Language } from '#domain/language.ts';
import { smsNotBefore } from '#domain/text-messages.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, outbox, smsOptOuts } from '#server/db/schema.ts';
import { type OutboxTopic, queueText } from './outbox.ts';
import { notificationSettings } from './settings.ts';

const REPAIR_UPDATE_TOPIC: OutboxTopic = 'repair_update_text';

/**
 * Queues one repair update by text for an estimate's customer, if they asked for texts and have not
 * replied STOP since. An update written while an earlier update of the estimate still waits (held
 * for the morning, or spaced ten minutes after the last) joins that text instead of making another,
 * when both are in the same language: `update` is written in `language`, the customer's, and the
 * text's own words (status link, opt-out line) follow it when it is sent.
 */
export async function textCustomer(
  tx: Db,
  estimateId: string,
  update: string,
  language: Language,
  at = new Date(),
): Promise<void> {
  const [estimate] = await tx
    .select({ phone: estimates.smsPhone })
    .from(estimates)
    .where(eq(estimates.id, estimateId))
    .limit(1);
  const phone = estimate?.phone;
  if (!phone || (await hasOptedOut(tx, phone))) return;

  const waiting = and(
    eq(outbox.kind, 'sms'),
    // Only into another repair update: the survey and the drop-off reminder wait for their own time.
    eq(outbox.topic, REPAIR_UPDATE_TOPIC),
    eq(outbox.estimateId, estimateId),
    eq(outbox.status, 'pending'),
    // A text waiting in the language the customer has just left is sent as written, on its own.
    sql`coalesce(${outbox.payload} ->> 'language', 'en') = ${language}`,
  );
  // Into one text, the oldest: two may wait (one queued while the other was being sent, then retried).
  const oldest = tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(waiting)
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(1);
  const folded = await tx
    .update(outbox)
    .set({
      payload: sql`jsonb_set(${outbox.payload}, '{updates}', (${outbox.payload} -> 'updates') || jsonb_build_array(${update}::text))`,
    })
    // `waiting` again on the row itself: one a worker claimed meanwhile is no longer joined.
    .where(and(waiting, inArray(outbox.id, oldest)))
    .returning({ id: outbox.id });
  if (folded.length > 0) return;

  const [last] = await tx
    .select({ sentAt: outbox.sentAt })
    .from(outbox)
    .where(and(eq(outbox.kind, 'sms'), eq(outbox.estimateId, estimateId), isNotNull(outbox.sentAt)))
    .orderBy(desc(outbox.sentAt))
    .limit(1);
  await queueText(tx, {
    topic: REPAIR_UPDATE_TOPIC,
    estimateId,
    payload: {
      to: phone,
      shopName: notificationSettings().shop.name,
      updates: [update],
      language,
      // One link per text: updates folded in later share it.
      statusUrl: await notificationSettings().statusLink(tx, estimateId),
    },
    notBefore: smsNotBefore(at, last?.sentAt ?? null),
  });
}

export async function hasOptedOut(db: Db, phone: string): Promise<boolean> {
  const [row] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone)).limit(1);
  return row !== undefined;
}

/** STOP (a reply, or the provider refusing a number that said it there): no more texts to this number. */
export async function optOutOfTexts(db: Db, phone: string): Promise<void> {
  await db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
}

/** START: texts to this number may go again. */
export async function optBackIntoTexts(db: Db, phone: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}
