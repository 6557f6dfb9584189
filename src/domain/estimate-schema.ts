import { z } from 'zod';
import { canonicalStatusSchema } from './estimate-status-schema.ts';

export const vehicleSchema = z.object({
  id: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  licensePlate: z.string().nullable(),
  vin: z.string().nullable(),
  mileage: z.number().int().nullable(),
});

/** An estimate as the API shows it; amounts are decimal strings. */
export const estimateSchema = z.object({
  id: z.string(),
  userId: z.string(),
  vehicleId: z.string().nullable(),
  status: canonicalStatusSchema,
  photos: z.array(z.string()),
  thumbnails: z.array(z.string()),
  damageDescription: z.string().nullable(),
  estimatedAmount: z.string().nullable(),
  actualAmount: z.string().nullable(),
  customerDeductible: z.string().nullable(),
  insuranceCoverage: z.string().nullable(),
  insuranceCompany: z.string().nullable(),
  /** Card payments that went through, as a decimal string ("0.00" when nothing was paid). */
  amountPaid: z.string(),
  /** A supplement (a change to approved work) waits for the customer's approval. */
  supplementAwaiting: z.boolean(),
  createdAt: z.string(),
  vehicle: vehicleSchema.nullable(),
});

export type Vehicle = z.infer<typeof vehicleSchema>;
export type Estimate = z.infer<typeof estimateSchema>;

/** The vehicle fields that leave the server, from a stored vehicle (its owner's id stays inside). */
export function presentVehicle(row: Vehicle): Vehicle {
  return {
    id: row.id,
    year: row.year,
    make: row.make,
    model: row.model,
    licensePlate: row.licensePlate,
    vin: row.vin,
    mileage: row.mileage,
  };
}

/** GET /api/estimates: the signed-in customer's estimates (every estimate, for the shop). */
export const estimateListSchema = z.array(estimateSchema);

/** Estimates per page of a customer's paged list unless the caller asks for another size. */
export const ESTIMATE_PAGE_SIZE_DEFAULT = 10;
export const ESTIMATE_PAGE_SIZE_MAX = 50;
const ESTIMATE_PAGE_MAX = 100_000;

/**
 * GET /api/estimates?page=&pageSize=: one page of the same list, newest first (the names and messages
 * of the admin's paged list). Without either parameter the answer stays the plain array of every
 * estimate: the spec's contract, which the 5-second poll and the calendar rely on.
 */
export const estimatePageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number of 1 or more' })
    .int('page must be a whole number of 1 or more')
    .min(1, 'page must be a whole number of 1 or more')
    .max(ESTIMATE_PAGE_MAX, 'page is too large')
    .optional(),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${ESTIMATE_PAGE_SIZE_MAX}` })
    .int(`pageSize must be a whole number from 1 to ${ESTIMATE_PAGE_SIZE_MAX}`)
    .min(1, `pageSize must be a whole number from 1 to ${ESTIMATE_PAGE_SIZE_MAX}`)
    .max(ESTIMATE_PAGE_SIZE_MAX, `pageSize must be a whole number from 1 to ${ESTIMATE_PAGE_SIZE_MAX}`)
    .optional(),
});

export const estimatePageSchema = z.object({
  items: z.array(estimateSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every estimate of the list, across all pages. */
  total: z.number().int(),
});
export type EstimatePage = z.infer<typeof estimatePageSchema>;

/** POST /api/estimates/batch-create (201): the new estimate and the vehicle it is for. */
export const createdEstimateSchema = z.object({ estimate: estimateSchema, vehicle: vehicleSchema });
export type CreatedEstimate = z.infer<typeof createdEstimateSchema>;
