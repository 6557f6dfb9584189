import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { appointments, estimates, messages, payments, photos, users } from '#server/db/schema.ts';

/** How far an estimate got, in the order the journey takes it. */
export const STAGES = ['submitted', 'quoted', 'approved', 'scheduled', 'paid', 'in_progress'] as const;
export type Stage = (typeof STAGES)[number];

/**
 * Every write the server acknowledged (answered 2xx): after a soak, a crash or a restart each of them
 * must still be in the database. Writes that got no answer may or may not be there; they are not listed.
 */
export class AcknowledgedWrites {
  readonly customers = new Map<string, { password: string }>();
  readonly photos = new Set<string>();
  readonly estimates = new Map<string, { ownerEmail: string; photoIds: string[]; plate: string }>();
  readonly messages = new Map<string, { estimateId: string; content: string }>();
  readonly stages = new Map<string, Stage>();
  readonly appointments = new Map<string, { date: string; slot: string }>();
  /** Estimate id → the payment intent whose success was acknowledged. */
  readonly payments = new Map<string, string>();

  reached(estimateId: string, stage: Stage): void {
    this.stages.set(estimateId, stage);
  }

  count(): number {
    return (
      this.customers.size +
      this.photos.size +
      this.estimates.size +
      this.messages.size +
      this.stages.size +
      this.appointments.size +
      this.payments.size
    );
  }
}

/** What the database says an estimate's status may be once it reached a stage (a later one is fine). */
const STATUSES_FROM: Record<Stage, string[]> = {
  submitted: ['pending', 'quoted', 'approved', 'scheduled', 'in_progress'],
  quoted: ['quoted', 'approved', 'scheduled', 'in_progress'],
  approved: ['approved', 'scheduled', 'in_progress'],
  scheduled: ['scheduled', 'in_progress'],
  paid: ['scheduled', 'in_progress'],
  in_progress: ['in_progress'],
};

/** Each acknowledged write that is missing from the database, described; empty when none was lost. */
export async function findLostWrites(db: Db, ack: AcknowledgedWrites): Promise<string[]> {
  const lost: string[] = [];

  const emails = [...ack.customers.keys()];
  const foundUsers = emails.length
    ? await db
        .select({ email: users.email })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, emails))
    : [];
  const userSet = new Set(foundUsers.map((row) => row.email.toLowerCase()));
  for (const email of emails) if (!userSet.has(email)) lost.push(`customer ${email}`);

  const photoIds = [...ack.photos];
  const foundPhotos = photoIds.length
    ? await db
        .select({ id: photos.id, status: photos.status })
        .from(photos)
        .where(inArray(photos.id, photoIds))
    : [];
  const readyPhotos = new Set(foundPhotos.filter((row) => row.status === 'ready').map((row) => row.id));
  for (const id of photoIds) if (!readyPhotos.has(id)) lost.push(`uploaded photo ${id}`);

  const estimateIds = [...ack.estimates.keys()];
  const foundEstimates = estimateIds.length
    ? await db
        .select({ id: estimates.id, status: estimates.status, ownerEmail: users.email })
        .from(estimates)
        .innerJoin(users, eq(users.id, estimates.userId))
        .where(inArray(estimates.id, estimateIds))
    : [];
  const estimateById = new Map(foundEstimates.map((row) => [row.id, row]));
  const linked = estimateIds.length
    ? await db
        .select({ id: photos.id, estimateId: photos.estimateId })
        .from(photos)
        .where(inArray(photos.estimateId, estimateIds))
    : [];
  for (const [id, expected] of ack.estimates) {
    const row = estimateById.get(id);
    if (!row) {
      lost.push(`estimate ${id}`);
      continue;
    }
    if (row.ownerEmail.toLowerCase() !== expected.ownerEmail) lost.push(`owner of estimate ${id}`);
    const photoSet = new Set(linked.filter((photo) => photo.estimateId === id).map((photo) => photo.id));
    for (const photoId of expected.photoIds) {
      if (!photoSet.has(photoId)) lost.push(`photo ${photoId} of estimate ${id}`);
    }
  }
  for (const [id, stage] of ack.stages) {
    const row = estimateById.get(id);
    if (row && !STATUSES_FROM[stage].includes(row.status)) {
      lost.push(`estimate ${id} is ${row.status}, but reaching "${stage}" was acknowledged`);
    }
  }

  const messageIds = [...ack.messages.keys()];
  const foundMessages = messageIds.length
    ? await db
        .select({ id: messages.id, estimateId: messages.estimateId, content: messages.content })
        .from(messages)
        .where(inArray(messages.id, messageIds))
    : [];
  const messageById = new Map(foundMessages.map((row) => [row.id, row]));
  for (const [id, expected] of ack.messages) {
    const row = messageById.get(id);
    if (row?.estimateId !== expected.estimateId || row.content !== expected.content)
      lost.push(`message ${id}`);
  }

  for (const [estimateId, booking] of ack.appointments) {
    const [row] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.estimateId, estimateId),
          eq(appointments.dropOffDate, booking.date),
          eq(appointments.slot, booking.slot as never),
        ),
      )
      .limit(1);
    if (!row) lost.push(`drop-off ${booking.date} ${booking.slot} of estimate ${estimateId}`);
  }

  for (const [estimateId, intentId] of ack.payments) {
    const [row] = await db
      .select({ status: payments.status, estimateId: payments.estimateId })
      .from(payments)
      .where(eq(payments.providerIntentId, intentId))
      .limit(1);
    if (row?.status !== 'succeeded' || row.estimateId !== estimateId) {
      lost.push(`payment ${intentId} of estimate ${estimateId}`);
    }
  }
  return lost;
}
