import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { normalizeStatus } from '#domain/estimate-status.ts';
import { useDropOff } from './api/get-drop-off.ts';
import { DropOffCard } from './drop-off-card.tsx';
import { RepairProgressCard } from './repair-progress-card.tsx';

/**
 * The repair itself: the booked drop-off and how the work is going. While the drop-off is ahead it is
 * the customer's next step and comes first; once the car is in, the progress leads and the drop-off
 * (without its calendar link) follows. After the repair the booking no longer matters.
 */
export function RepairCards({ estimate }: { estimate: EstimateDetail }) {
  const status = normalizeStatus(estimate.status);
  const upcoming = status === 'scheduled';
  const { data } = useDropOff(estimate.id, upcoming || status === 'in_progress');
  const dropOff = data?.dropOff ? (
    <DropOffCard estimateId={estimate.id} dropOff={data.dropOff} upcoming={upcoming} />
  ) : null;
  return (
    <>
      {upcoming && dropOff}
      <RepairProgressCard estimate={estimate} />
      {!upcoming && dropOff}
    </>
  );
}
