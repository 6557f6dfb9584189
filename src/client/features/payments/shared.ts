// What the payments feature offers the other features.
export { PaymentStatusNote } from './payment-status-note.tsx';
