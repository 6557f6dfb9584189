import { z } from 'zod';

/**
 * The Google panel's shapes (spec sections 2, 3 and 7): the Gmail inbox, the estimates saved to
 * Drive, and whether Google is connected at all.
 */

/** The settings the server needs before it can talk to Google, in the order the README lists them. */
export const GOOGLE_SETTINGS = [
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_REFRESH_TOKEN',
  'GOOGLE_DRIVE_FOLDER_ID',
] as const;
export type GoogleSetting = (typeof GOOGLE_SETTINGS)[number];

export const googleStatusSchema = z.object({
  connected: z.boolean(),
  /** The settings still to add; empty when connected. */
  missing: z.array(z.enum(GOOGLE_SETTINGS)),
});
export type GoogleStatus = z.infer<typeof googleStatusSchema>;

export const gmailMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  from: z.string(),
  /** ISO 8601; null when Gmail gave no usable date. */
  date: z.string().nullable(),
  snippet: z.string(),
});
export type GmailMessage = z.infer<typeof gmailMessageSchema>;

/** GET /api/gmail/inbox */
export const gmailInboxSchema = z.array(gmailMessageSchema);

export const driveEstimateFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 8601, as Drive reports it. */
  createdTime: z.string().nullable(),
});
export type DriveEstimateFile = z.infer<typeof driveEstimateFileSchema>;

/** GET /api/drive/estimates */
export const driveEstimateListSchema = z.array(driveEstimateFileSchema);

const text = z.string().nullable();

/** GET /api/drive/estimates/{id}: what the detail view shows, read from the saved document. */
export const driveEstimateDetailSchema = z.object({
  estimate: z.object({ id: z.string(), status: z.string(), estimatedAmount: text }),
  customer: z.object({ firstName: text, lastName: text, email: text, phone: text }),
  vehicle: z.object({
    year: z.number().int().nullable(),
    make: text,
    model: text,
    licensePlate: text,
    vin: text,
  }),
});
export type DriveEstimateDetail = z.infer<typeof driveEstimateDetailSchema>;

/** The JSON document saved to Drive when an estimate is quoted: the detail plus the quote's breakdown. */
export const driveEstimateDocumentSchema = driveEstimateDetailSchema.extend({
  estimate: driveEstimateDetailSchema.shape.estimate.extend({
    reference: z.string(),
    customerDeductible: text,
    insuranceCoverage: text,
    insuranceCompany: text,
    damageDescription: text,
    createdAt: z.string(),
  }),
  savedAt: z.string(),
});
export type DriveEstimateDocument = z.infer<typeof driveEstimateDocumentSchema>;

/** Drive file ids are URL-safe base64-like tokens; anything else names no file of ours. */
export const driveFileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'That is not a Drive file id.');

/** What the panel says, and the settings it names, when Google is not connected. */
export function googleNotConnectedMessage(missing: readonly string[]): string {
  return `Google is not connected. Add ${missing.join(', ')} to the server's settings and restart it.`;
}
