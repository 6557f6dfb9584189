// What the payments feature offers the rest of the app: it imports it from here, never from its inner files.

export { type EstimateBalance, estimateBalance } from './balance.ts';
export { paymentPageGuard } from './payment-page-guard.ts';
export { cancelStaleIntents } from './stale-intents.ts';
