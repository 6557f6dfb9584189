import { BookDropOffCard, ChangeDropOff } from '#client/features/self-booking/shared.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { normalizeStatus } from '#domain/estimate-status.ts';
import { useDropOff } from './api/get-drop-off.ts';
import { DropOffCard } from './drop-off-card.tsx';
import { RepairProgressCard } from './repair-progress-card.tsx';

/**
 * The repair itself: the booked drop-off and how the work is going. Approved, the customer's next
 * step is to book the drop-off, first. While the drop-off is ahead it comes first, with moving and
 * cancelling; once the car is in, the progress leads and the drop-off (without its calendar link)
 * follows. After the repair the booking no longer matters.
 */
export function RepairCards({ estimate }: { estimate: EstimateDetail }) {
  const status = normalizeStatus(estimate.status);
  const upcoming = status === 'scheduled';
  const { data } = useDropOff(estimate.id, upcoming || status === 'in_progress');
  const dropOff = data?.dropOff ? (
    <DropOffCard estimateId={estimate.id} dropOff={data.dropOff} upcoming={upcoming}>
      {upcoming && <ChangeDropOff estimateId={estimate.id} date={data.dropOff.date} />}
    </DropOffCard>
  ) : null;
  return (
    <>
      {status === 'approved' && <BookDropOffCard estimateId={estimate.id} />}
      {upcoming && dropOff}
      <RepairProgressCard estimate={estimate} />
      {!upcoming && dropOff}
    </>
  );
}
