// What the notifications feature offers the other features: they import it from here, never from its inner files.

export { notifyDropOffReminder, notifyShopOfDropOff, withdrawDropOffReminder } from './drop-off-notices.ts';
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
// The storage charge an estimate states, fixed when the customer agrees to it (decision 072, amended).
export { recordStatedStorageIfUnrecorded } from './storage-terms.ts';
export { notifyRecoveryAlert, notifySurveyInvite } from './survey-notices.ts';
export type { BackupFailure } from './templates/backup-failed.ts';
export type { ReminderLinks } from './templates/drop-off-mails.ts';
export { PASSWORD_LINK_TTL_MINUTES, WELCOME_LINK_TTL_DAYS } from './templates/set-password.ts';
export { hasOptedOut, optBackIntoTexts, optOutOfTexts } from './texts.ts';
