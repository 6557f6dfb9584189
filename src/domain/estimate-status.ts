export const ESTIMATE_STATUSES = [
  'pending',
  'quoted',
  'approved',
  'declined',
  'scheduled',
  'in_progress',
  'completed',
  'cancelled',
] as const;

export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/** 'in-progress' (the spelling of the old admin dropdown) is accepted on input and stored as 'in_progress'. */
export function normalizeStatus(value: string): EstimateStatus | null {
  const canonical = value.trim().toLowerCase().replace('-', '_');
  return (ESTIMATE_STATUSES as readonly string[]).includes(canonical) ? (canonical as EstimateStatus) : null;
}

export const STATUS_LABELS: Record<EstimateStatus, string> = {
  pending: 'Pending',
  quoted: 'Quoted',
  approved: 'Approved',
  declined: 'Declined',
  scheduled: 'Scheduled',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function statusLabel(value: string): string {
  const status = normalizeStatus(value);
  return status ? STATUS_LABELS[status] : value;
}

/** Active means the repair is still open: anything but declined, completed or cancelled. */
export function isActiveStatus(value: string): boolean {
  const status = normalizeStatus(value);
  return status !== 'declined' && status !== 'completed' && status !== 'cancelled';
}

/**
 * Payment is offered once the customer has agreed to the work (approved, scheduled), and again when
 * the repair is completed with a balance still due: the "repair completed" e-mail invites the
 * customer to pay that balance online before the pick-up.
 */
export function isPayableStatus(value: string): boolean {
  const status = normalizeStatus(value);
  return status === 'approved' || status === 'scheduled' || status === 'completed';
}

export const PROGRESS_STEPS = ['Approved', 'In Progress', 'Finishing', 'Complete'] as const;

/**
 * How many of the four progress steps are marked for a status (spec: customer progress strip). A
 * scheduled repair is past its approval (the drop-off is booked for approved work), so it marks
 * Approved too: the strip must not fall back to nothing the moment the drop-off is booked.
 */
export function progressStepsReached(value: string): number {
  switch (normalizeStatus(value)) {
    case 'approved':
    case 'scheduled':
      return 1;
    case 'in_progress':
      return 2;
    case 'completed':
      return 4;
    default:
      return 0;
  }
}

/**
 * Once the shop has quoted (quoted or any later status), the photos are the record of the damage it
 * priced: a customer may still add photos but may not remove any. Only while the estimate is pending
 * may they remove one. An unknown status counts as quoted.
 */
export function customerMayRemovePhotos(value: string): boolean {
  return normalizeStatus(value) === 'pending';
}

/**
 * Once an estimate is closed (completed, declined or cancelled) its photos are final: a customer can
 * no longer add, remove or reorder any (the shop still can). Open estimates keep the rule above.
 */
export function customerMayEditPhotos(value: string): boolean {
  const status = normalizeStatus(value);
  return status !== 'completed' && status !== 'declined' && status !== 'cancelled';
}

/** Likewise the vehicle's plate: after the quote only the shop changes it. */
export function customerMayChangePlate(value: string): boolean {
  return normalizeStatus(value) === 'pending';
}

export const PHOTOS_KEPT_AFTER_QUOTE =
  'Photos cannot be removed once the shop has quoted this estimate: they are the record of the damage it priced. You can still add photos.';
export const PHOTOS_CLOSED =
  'The photos of a completed, declined or cancelled estimate can no longer be changed. Please message the shop if something is missing.';
export const PLATE_KEPT_AFTER_QUOTE =
  'The license plate cannot be changed once the shop has quoted this vehicle’s estimate. Please message the shop if it is wrong.';
