import { z } from 'zod';
import { adminVehicleSchema } from './admin-dashboard.ts';

/** GET /api/admin/vehicles?q=…: the vehicles matching the quick search. */
export const adminVehicleListSchema = z.array(adminVehicleSchema);
