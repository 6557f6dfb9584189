// What the payments feature offers the rest of the app: it imports it from here, never from its inner files.
export { paymentPageGuard } from './payment-page-guard.ts';
export { estimateBalance, type EstimateBalance } from './balance.ts';
