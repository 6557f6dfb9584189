// What the estimates feature offers the other features: they import it from here, never from its inner files.
export {
  estimateNotFound,
  estimatesVisibleTo,
  findEstimateForUser,
  lockEstimateForUser,
  touchEstimates,
} from './estimate-access.ts';
export { loadEstimate } from './present-estimates.ts';
