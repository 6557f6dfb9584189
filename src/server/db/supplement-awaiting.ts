import { sql } from 'drizzle-orm';
import { estimateSupplements, estimates } from './schema.ts';

/**
 * True when the estimate of the row being selected has a supplement waiting for the customer's
 * approval, as a subquery (by estimate_supplements_number_unique per row).
 */
export const supplementAwaitingOfEstimate = sql<boolean>`exists (select 1 from ${estimateSupplements}
  where ${estimateSupplements.estimateId} = ${estimates.id} and ${estimateSupplements.status} = 'pending')`;
