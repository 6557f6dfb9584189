import type { EstimateStatus } from '#domain/estimate-status.ts';

/**
 * The scheduling line of the payment receipt's "What's Next?" list. The receipt does not carry the
 * drop-off booking itself, so the estimate's status tells: once it is scheduled (or further along)
 * the shop has already booked the drop-off, and promising to call about scheduling would be wrong.
 */
export function schedulingNextStep(status: EstimateStatus): string {
  switch (status) {
    case 'scheduled':
      return 'Your drop-off is already booked. See your estimate for the date and time.';
    case 'in_progress':
      return "Your repair is under way. We'll let you know when your vehicle is ready.";
    case 'completed':
      return "Your repair is complete. We'll be in touch about picking up your vehicle.";
    default:
      return 'Our team will contact you to schedule your repair.';
  }
}
