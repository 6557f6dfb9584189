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

/** POST /api/estimates/batch-create (201): the new estimate and the vehicle it is for. */
export const createdEstimateSchema = z.object({ estimate: estimateSchema, vehicle: vehicleSchema });
export type CreatedEstimate = z.infer<typeof createdEstimateSchema>;
