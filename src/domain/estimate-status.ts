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

/** Active means the repair is still open: anything but completed or cancelled. */
export function isActiveStatus(value: string): boolean {
  const status = normalizeStatus(value);
  return status !== 'completed' && status !== 'cancelled';
}

/** Payment is offered only once the customer has agreed to the work. */
export function isPayableStatus(value: string): boolean {
  const status = normalizeStatus(value);
  return status === 'approved' || status === 'scheduled';
}

export const PROGRESS_STEPS = ['Approved', 'In Progress', 'Finishing', 'Complete'] as const;

/** How many of the four progress steps are marked for a status (spec: customer progress strip). */
export function progressStepsReached(value: string): number {
  switch (normalizeStatus(value)) {
    case 'approved':
      return 1;
    case 'in_progress':
      return 2;
    case 'completed':
      return 4;
    default:
      return 0;
  }
}
