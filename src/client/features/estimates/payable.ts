import { type Estimate, paymentOffered } from '#domain/estimate.ts';

/** The first estimate the customer can pay now, with the amount offered. */
export function firstPayableEstimate(
  estimates: Estimate[],
): { estimate: Estimate; amount: string } | undefined {
  for (const estimate of estimates) {
    const amount = paymentOffered(estimate);
    if (amount) return { estimate, amount };
  }
  return undefined;
}
