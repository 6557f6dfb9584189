// What the estimate-detail feature offers the other features: they import it from here, never from its inner files.
export { AuthorizationCard } from './authorization-card.tsx';
