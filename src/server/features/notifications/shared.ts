// What the notifications feature offers the other features: they import it from here, never from its inner files.

export { notifyDropOffReminder, notifyShopOfDropOff } from './drop-off-notices.ts';
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
export { notifyRecoveryAlert, notifySurveyInvite } from './survey-notices.ts';
export type { BackupFailure } from './templates/backup-failed.ts';
export type { ReminderLinks } from './templates/drop-off-mails.ts';
export { PASSWORD_LINK_TTL_MINUTES, WELCOME_LINK_TTL_DAYS } from './templates/set-password.ts';
export { hasOptedOut } from './texts.ts';
