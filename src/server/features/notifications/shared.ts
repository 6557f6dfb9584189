// What the notifications feature offers the other features: they import it from here, never from its inner files.
export {
  notifyBackupFailed,
  notifyCustomerResponded,
  notifyDropOffScheduled,
  notifyEstimateReceived,
  notifyNewMessage,
  notifyPasswordLink,
  notifyPaymentLink,
  notifyPaymentReceived,
  notifyPromisedDateChanged,
  notifyQuoteReady,
  notifyRepairCompleted,
  notifyStageReached,
  notifySupplementSent,
} from './notify.ts';
// Withdraws a queued message by its dedupe key (a reminder of a cancelled booking): decision 067.
export { cancelQueuedMessage } from './outbox.ts';
export { notifyRecoveryAlert, notifySurveyInvite } from './survey-notices.ts';
export type { BackupFailure } from './templates/backup-failed.ts';
export { PASSWORD_LINK_TTL_MINUTES, WELCOME_LINK_TTL_DAYS } from './templates/set-password.ts';
export { hasOptedOut } from './texts.ts';
