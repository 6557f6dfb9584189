/**
 * How much a shop of `years` holds, in the proportions of the shop this app was built for (issue 36:
 * ~25 requests a day over ten years leave ~60,000 estimates, ~40,000 customers, ~600,000 messages and
 * ~300,000 photos). Estimates per day is the one knob; the rest follow from it.
 */
export interface HistoryPlan {
  years: number;
  estimates: number;
  customers: number;
  /** Average messages per estimate; each estimate gets between 2 and twice this less 2. */
  messagesPerEstimate: number;
  photosPerEstimate: number;
}

export const HISTORY_DEFAULTS = {
  years: 10,
  /** 60,000 estimates in ten years. */
  estimatesPerDay: 16.4,
  /** Two customers in three come once; the rest come back (40,000 customers for 60,000 estimates). */
  customersPerEstimate: 2 / 3,
  messagesPerEstimate: 10,
  photosPerEstimate: 5,
} as const;

export function historyPlan(options: {
  years: number;
  estimatesPerDay?: number;
  photosPerEstimate?: number;
}): HistoryPlan {
  const estimatesPerDay = options.estimatesPerDay ?? HISTORY_DEFAULTS.estimatesPerDay;
  const estimates = Math.max(1, Math.round(options.years * 365 * estimatesPerDay));
  return {
    years: options.years,
    estimates,
    customers: Math.max(1, Math.round(estimates * HISTORY_DEFAULTS.customersPerEstimate)),
    messagesPerEstimate: HISTORY_DEFAULTS.messagesPerEstimate,
    photosPerEstimate: options.photosPerEstimate ?? HISTORY_DEFAULTS.photosPerEstimate,
  };
}
