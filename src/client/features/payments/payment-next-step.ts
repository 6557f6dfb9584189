import type { MessageId } from '#client/i18n/catalogs.ts';
import type { EstimateStatus } from '#domain/estimate-status.ts';

/**
 * The scheduling line of the payment receipt's "What's Next?" list. The receipt does not carry the
 * drop-off booking itself, so the estimate's status tells: once it is scheduled (or further along)
 * the shop has already booked the drop-off, and promising to call about scheduling would be wrong.
 */
export function schedulingNextStep(status: EstimateStatus): MessageId {
  switch (status) {
    case 'scheduled':
      return 'payment.next.dropOffBooked';
    case 'in_progress':
      return 'payment.next.underWay';
    case 'completed':
      return 'payment.next.complete';
    default:
      return 'payment.next.contactToSchedule';
  }
}
