import { DEFAULT_SHOP, type ShopInfo } from '#domain/shop.ts';
import type { Db } from '#server/db/client.ts';

/**
 * What the notification writers need besides the database: who the mail is from, where the shop
 * hears about things, and the app's public address for links. Set once by buildApp from the
 * configuration, so callers keep the simple `notifyX(tx, id)` shape.
 */
export interface NotificationSettings {
  /** The app's public address, without a trailing slash: links in mail point here. */
  appUrl: string;
  shop: ShopInfo;
  /** The From header of every message. */
  mailFrom: string;
  /** Where the shop's own notifications go. */
  shopNotifyEmail: string;
  /** Whether quoted estimates are also saved to Google Drive. */
  driveEnabled: boolean;
  /**
   * The written estimate or invoice as it stands (in the caller's transaction), as JSON for a queued
   * message to keep; `printDocument` turns it into PDF bytes when the job sends the message (decision
   * 075). Given by the app, which has the documents: this feature stays below the ones that make them.
   */
  snapshotDocument: (tx: Db, estimateId: string, kind: 'estimate' | 'invoice') => Promise<unknown>;
  printDocument: (db: Db, estimateId: string, snapshot: unknown) => Promise<Buffer>;
  /**
   * A new status link (full URL) for the estimate, made in the transaction that queues the message
   * carrying it. Given by the app, like the documents: status links read estimates, which sit above.
   */
  statusLink: (tx: Db, estimateId: string) => Promise<string>;
}

let current: NotificationSettings = {
  appUrl: 'http://localhost:5000',
  shop: DEFAULT_SHOP,
  mailFrom: `"${DEFAULT_SHOP.name}" <${DEFAULT_SHOP.email}>`,
  shopNotifyEmail: DEFAULT_SHOP.email,
  driveEnabled: false,
  snapshotDocument: () => Promise.reject(new Error('notifications are not configured: no documents')),
  printDocument: () => Promise.reject(new Error('notifications are not configured: no documents')),
  statusLink: () => Promise.reject(new Error('notifications are not configured: no status links')),
};

export function configureNotifications(settings: NotificationSettings): void {
  current = { ...settings, appUrl: settings.appUrl.replace(/\/+$/, '') };
}

export function notificationSettings(): NotificationSettings {
  return current;
}

/**
 * Asks the job queue to run the outbox at `at` (now when undefined), in the transaction that queued
 * the message: set by the process that runs the queue (register-notifications.ts), absent where
 * none runs (tests that drive the outbox themselves).
 */
export type OutboxWakeUp = (tx: Db, at: Date | undefined) => Promise<void>;
let wakeUp: OutboxWakeUp | null = null;

/** Sets the wake-up; the function returned removes it again (unless another app's has replaced it). */
export function setOutboxWakeUp(next: OutboxWakeUp): () => void {
  wakeUp = next;
  return () => {
    if (wakeUp === next) wakeUp = null;
  };
}

export function outboxWakeUp(): OutboxWakeUp | null {
  return wakeUp;
}
