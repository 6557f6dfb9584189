import { z } from 'zod';
import { adminVehicleSchema } from './admin-dashboard.ts';
import { plateEstimateSchema } from './admin-estimates.ts';

/** GET /api/admin/vehicles?q=…: the vehicles matching the quick search. */
export const adminVehicleListSchema = z.array(adminVehicleSchema);

/** GET /api/admin/plates/{plate}/estimates: the estimates of the vehicles with that plate, newest first. */
export const plateEstimateListSchema = z.array(plateEstimateSchema);
