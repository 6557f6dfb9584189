/** Colours of a drop-off by its estimate's status (as the status badges): booked, in the shop, done. */
const TONES: Record<string, { pill: string; dot: string }> = {
  scheduled: { pill: 'border-l-blue-600 bg-blue-50 hover:bg-blue-100', dot: 'bg-blue-600' },
  in_progress: { pill: 'border-l-orange-500 bg-orange-50 hover:bg-orange-100', dot: 'bg-orange-500' },
  completed: { pill: 'border-l-green-700 bg-green-50 hover:bg-green-100', dot: 'bg-green-700' },
};

export function dropOffTone(status: string): { pill: string; dot: string } {
  return TONES[status] ?? { pill: 'border-l-slate-400 bg-slate-50 hover:bg-slate-100', dot: 'bg-slate-400' };
}

export const TONE_LEGEND = [
  { status: 'scheduled', label: 'Scheduled' },
  { status: 'in_progress', label: 'In Progress' },
  { status: 'completed', label: 'Completed' },
] as const;
