// What the payments feature offers the other features.

export { PaymentLinkCard } from './payment-link-card.tsx';
export { PaymentStatusNote } from './payment-status-note.tsx';
