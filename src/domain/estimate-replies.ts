import { z } from 'zod';
import { estimateSchema, vehicleSchema } from './estimate-schema.ts';

/** GET /api/estimates: the signed-in customer's estimates (every estimate, for the shop). */
export const estimateListSchema = z.array(estimateSchema);

/** POST /api/estimates/batch-create (201): the new estimate and the vehicle it is for. */
export const createdEstimateSchema = z.object({ estimate: estimateSchema, vehicle: vehicleSchema });
export type CreatedEstimate = z.infer<typeof createdEstimateSchema>;
