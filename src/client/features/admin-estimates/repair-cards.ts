import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { normalizeStatus } from '#domain/estimate-status.ts';

// The estimate desk's repair-progress cards (issue 17): the stage buttons, the promised date, the timeline.
export { PromisedDateCard } from './promised-date-card.tsx';
export { RepairProgressCard } from './repair-progress-card.tsx';
export { ShopTimelineCard } from './shop-timeline-card.tsx';

/**
 * The promised date card shows from the customer's yes until the car is back (the server refuses a
 * change on closed estimates; before approval there is nothing to promise yet).
 */
export function showsPromisedDate(estimate: Pick<EstimateDetail, 'status'>): boolean {
  const status = normalizeStatus(estimate.status);
  return status === 'approved' || status === 'scheduled' || status === 'in_progress';
}
