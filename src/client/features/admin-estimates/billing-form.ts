import { z } from 'zod';
import { quoteEstimateSchema } from '#domain/admin-estimates.ts';
import type { Estimate } from '#domain/estimate.ts';

/** What the billing form holds, exactly as typed (number inputs give text). */
export interface BillingFormValues {
  estimatedAmount: string;
  customerDeductible: string;
  insuranceCoverage: string;
}

/** Field by field, the server's own rules (total above 0, amounts with at most two decimals). */
export const billingFormSchema = z
  .object({ estimatedAmount: z.string(), customerDeductible: z.string(), insuranceCoverage: z.string() })
  .superRefine((values, ctx) => {
    const parsed = quoteEstimateSchema.safeParse(values);
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export function billingDefaults(
  estimate: Pick<Estimate, 'estimatedAmount' | 'customerDeductible' | 'insuranceCoverage'>,
): BillingFormValues {
  return {
    estimatedAmount: estimate.estimatedAmount ?? '',
    customerDeductible: estimate.customerDeductible ?? '',
    insuranceCoverage: estimate.insuranceCoverage ?? '',
  };
}
