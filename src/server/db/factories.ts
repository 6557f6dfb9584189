import { sql } from 'drizzle-orm';
import { normalizeEmail } from '#domain/auth.ts';
import type { DropOffSlotId } from '#domain/drop-off-slots.ts';
import type { EstimateStatus } from '#domain/estimate-status.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/language.ts';
import { normalizePlate } from '#domain/vehicle-identity.ts';
import { hashPassword } from '#server/password-hash.ts';
import type { Db } from './client.ts';
import { appointments, estimates, messages, photos, users, vehicles } from './schema.ts';

/** One set of builders for demo data and tests, so both make rows the way the app does. */

export interface UserFields {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  isAdmin?: boolean;
  language?: Language;
  /**
   * Whether the account has used a link sent to its address (decision 082). By default an account
   * with a password has: the established customer of demo data and tests. Registration leaves it unset.
   */
  emailConfirmed?: boolean;
}

export async function createUser(db: Db, fields: UserFields) {
  const [user] = await db
    .insert(users)
    .values({
      email: normalizeEmail(fields.email),
      passwordHash: fields.password ? await hashPassword(fields.password) : null,
      firstName: fields.firstName ?? null,
      lastName: fields.lastName ?? null,
      phone: fields.phone ?? null,
      isAdmin: fields.isAdmin ?? false,
      language: fields.language ?? DEFAULT_LANGUAGE,
      emailConfirmedAt: (fields.emailConfirmed ?? Boolean(fields.password)) ? sql`now()` : null,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

export async function createVehicle(
  db: Db,
  userId: string,
  fields: {
    year?: number;
    make?: string;
    model?: string;
    licensePlate?: string;
    vin?: string;
    mileage?: number;
  } = {},
) {
  const [vehicle] = await db
    .insert(vehicles)
    .values({
      userId,
      year: fields.year ?? 2019,
      make: fields.make ?? 'Toyota',
      model: fields.model ?? 'Camry',
      licensePlate: normalizePlate(fields.licensePlate ?? 'ABC1234'),
      vin: fields.vin ?? '4T1B11HKXKU000001',
      mileage: fields.mileage ?? 42_000,
    })
    .returning();
  if (!vehicle) throw new Error('vehicle insert returned nothing');
  return vehicle;
}

export async function createEstimate(
  db: Db,
  fields: {
    userId: string;
    vehicleId?: string | null;
    status?: EstimateStatus;
    damageDescription?: string;
    insuranceCompany?: string | null;
    estimatedAmount?: string | null;
    customerDeductible?: string | null;
    insuranceCoverage?: string | null;
    createdAt?: Date;
  },
) {
  const [estimate] = await db
    .insert(estimates)
    .values({
      userId: fields.userId,
      vehicleId: fields.vehicleId ?? null,
      status: fields.status ?? 'pending',
      estimateType: fields.insuranceCompany ? 'insurance' : 'cash',
      damageDescription: fields.damageDescription ?? 'Dent and scratches on the rear bumper.',
      insuranceCompany: fields.insuranceCompany ?? null,
      estimatedAmount: fields.estimatedAmount ?? null,
      customerDeductible: fields.customerDeductible ?? null,
      insuranceCoverage: fields.insuranceCoverage ?? null,
      ...(fields.createdAt ? { createdAt: fields.createdAt, updatedAt: fields.createdAt } : {}),
    })
    .returning();
  if (!estimate) throw new Error('estimate insert returned nothing');
  return estimate;
}

export async function createMessage(
  db: Db,
  fields: {
    estimateId: string;
    authorId: string;
    isFromAdmin: boolean;
    content: string;
    /** A note the app writes: its kind and values (`...noteColumns(note)` gives all three). */
    noteKind?: string | null;
    noteValues?: unknown;
    createdAt?: Date;
    awaitingReply?: boolean;
  },
) {
  const [message] = await db.insert(messages).values(fields).returning();
  if (!message) throw new Error('message insert returned nothing');
  return message;
}

/**
 * A photo row as it stands after a successful upload, without bytes in any object store:
 * for tests of the rules around photos (linking, ownership) that do not read the image itself.
 */
export async function createUploadedPhoto(
  db: Db,
  fields: { uploaderId: string; estimateId?: string | null; position?: number; step?: string },
) {
  const id = crypto.randomUUID();
  const [photo] = await db
    .insert(photos)
    .values({
      id,
      uploaderId: fields.uploaderId,
      estimateId: fields.estimateId ?? null,
      status: 'ready',
      objectKey: `photos/${id}.jpg`,
      thumbnailKey: `photos/${id}.thumb.webp`,
      contentType: 'image/jpeg',
      position: fields.position ?? 0,
      step: fields.step ?? null,
    })
    .returning();
  if (!photo) throw new Error('photo insert returned nothing');
  return photo;
}

/** A drop-off appointment as the shop books it: a date ('YYYY-MM-DD', shop time) and one of the slots. */
export async function createAppointment(
  db: Db,
  fields: {
    estimateId: string;
    dropOffDate: string;
    slot?: DropOffSlotId;
    instructions?: string;
    status?: 'scheduled' | 'cancelled';
    createdBy?: string | null;
    createdAt?: Date;
  },
) {
  const [appointment] = await db
    .insert(appointments)
    .values({
      estimateId: fields.estimateId,
      dropOffDate: fields.dropOffDate,
      slot: fields.slot ?? '08:00-10:00',
      instructions: fields.instructions ?? 'Park by the office and leave the keys at the front desk.',
      status: fields.status ?? 'scheduled',
      createdBy: fields.createdBy ?? null,
      ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
    })
    .returning();
  if (!appointment) throw new Error('appointment insert returned nothing');
  return appointment;
}
