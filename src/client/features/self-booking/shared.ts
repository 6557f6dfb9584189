// What the self-booking screens offer the other features: they import it from here, never from its inner files.
export { BookDropOffCard, ChangeDropOff } from './booking-card.tsx';
