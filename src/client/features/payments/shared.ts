// What the payments feature offers the other features.
export { usePaymentSummary } from './api/get-payment-summary.ts';
export { useRecordPayment } from './api/record-payment.ts';
export { PaymentLinkCard } from './payment-link-card.tsx';
export { PaymentStatusNote } from './payment-status-note.tsx';
