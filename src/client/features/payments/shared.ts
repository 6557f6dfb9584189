// What the payments feature offers the other features.
export { usePaymentSummary } from './api/get-payment-summary.ts';
export { useRecordPayment } from './api/record-payment.ts';
export { PaymentStatusNote } from './payment-status-note.tsx';
