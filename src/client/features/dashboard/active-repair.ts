import type { Estimate } from '#domain/estimate.ts';
import { isActiveStatus, normalizeStatus } from '#domain/estimate-status.ts';

const UNDER_WAY = new Set(['approved', 'scheduled', 'in_progress']);

/**
 * The estimate the Active Repair card follows: the newest repair the customer agreed to, else the
 * newest open estimate that was not declined. The list comes newest first.
 */
export function pickActiveRepair(estimates: Estimate[]): Estimate | undefined {
  return (
    estimates.find((estimate) => UNDER_WAY.has(normalizeStatus(estimate.status) ?? '')) ??
    estimates.find((estimate) => isActiveStatus(estimate.status))
  );
}
