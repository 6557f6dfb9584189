import { z } from 'zod';
import { ESTIMATE_STATUSES, normalizeStatus } from './estimate-status.ts';

/** Accepts either spelling of a status and yields the canonical one. */
export const estimateStatusSchema = z.string().transform((value, ctx) => {
  const status = normalizeStatus(value);
  if (!status) {
    ctx.addIssue({ code: 'custom', message: `Unknown status: ${value}` });
    return z.NEVER;
  }
  return status;
});

/** A status as the API answers it: always the canonical spelling. */
export const canonicalStatusSchema = z.enum(ESTIMATE_STATUSES);
