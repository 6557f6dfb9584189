// What the repair-authorizations feature offers the other features: the customer's estimate page and the
// shop's both show the card, and the signing page (estimate-detail) signs through these calls.
export {
  authorizationPdfUrl,
  type SignRequest,
  useAuthorization,
  useSignAuthorization,
} from './api/authorization.ts';
export { AuthorizationCard } from './authorization-card.tsx';
