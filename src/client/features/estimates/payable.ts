import { amountDueDecimal, type Estimate } from '../../../domain/estimate';
import { isPayableStatus } from '../../../domain/estimate-status';
import { toCents } from '../../../domain/money';

/** The first estimate the customer can pay now: approved or scheduled with something to pay. */
export function firstPayableEstimate(estimates: Estimate[]): Estimate | undefined {
  return estimates.find(
    (estimate) => isPayableStatus(estimate.status) && (toCents(amountDueDecimal(estimate)) ?? 0) > 0,
  );
}
