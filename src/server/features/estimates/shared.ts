// What the estimates feature offers the other features: they import it from here, never from its inner files.

export {
  type ApprovalConsentRecord,
  assertWithinConsent,
  consentPosition,
  onlineConsent,
  recordApproval,
} from './approval.ts';
export { cancelActiveAppointments, freeDropOffUnlessKept } from './drop-off-release.ts';
export {
  estimateNotFound,
  estimatesVisibleTo,
  findEstimateForUser,
  lockEstimateForUser,
  touchEstimates,
} from './estimate-access.ts';
export { figuresFromLines, loadEstimateDetail } from './itemisation.ts';
export { loadEstimate } from './present-estimates.ts';
export { linkEventPhotos } from './progress.ts';
export { currentStage, inShopSince } from './repair-columns.ts';
export type { CancelStalePayments } from './stale-payments.ts';
export { checkStatusMove, type StatusRequest } from './status-move.ts';
export { loadTimeline } from './timeline.ts';
