import type { MessageId } from '#client/i18n/catalogs.ts';

/**
 * "Welcome back" only to a customer who has been here before (has an estimate); a new customer, or
 * one whose estimates have not arrived yet, is simply welcomed.
 */
export function homeGreeting(estimateCount: number | undefined): MessageId {
  return estimateCount ? 'home.welcome' : 'home.welcomeNew';
}
