import { z } from 'zod';
import { plateEstimateSchema } from './admin-estimates.ts';

/** GET /api/admin/plates/{plate}/estimates: the estimates of the vehicles with that plate, newest first. */
export const plateEstimateListSchema = z.array(plateEstimateSchema);
