// What the notifications feature offers the other features: they import it from here, never from its inner files.
export {
  notifyCustomerResponded,
  notifyDropOffScheduled,
  notifyEstimateReceived,
  notifyNewMessage,
  notifyPasswordLink,
  notifyPaymentReceived,
  notifyQuoteReady,
  notifyRepairCompleted,
} from './notify.ts';
export { PASSWORD_LINK_TTL_MINUTES } from './templates/set-password.ts';
