// What the pickup feature offers the other features.
export { PickupButton } from './pickup-button.tsx';
export { PickupCard } from './pickup-card.tsx';
