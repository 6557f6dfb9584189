import path from 'node:path';
import type { ShopInfo } from '#domain/shop.ts';

/** Outgoing mail: SMTP when SMTP_URL is set, else every message is written as an .eml file. */
export interface MailConfig {
  transport: { kind: 'smtp'; url: string } | { kind: 'eml-files'; dir: string };
  /** The From header: MAIL_FROM, else the shop's name and e-mail. */
  from: string;
  /** Where the shop's own notifications go: SHOP_NOTIFY_EMAIL, else the shop's e-mail. */
  shopNotifyEmail: string;
}

export interface MailEnv {
  SMTP_URL?: string;
  MAIL_FROM?: string;
  SHOP_NOTIFY_EMAIL?: string;
}

export function mailConfig(e: MailEnv, shop: ShopInfo, dataDir: string): MailConfig {
  return {
    transport: e.SMTP_URL
      ? { kind: 'smtp', url: e.SMTP_URL }
      : { kind: 'eml-files', dir: path.join(dataDir, 'outbox') },
    from: e.MAIL_FROM ?? `"${shop.name.replace(/["\\]/g, '')}" <${shop.email}>`,
    shopNotifyEmail: e.SHOP_NOTIFY_EMAIL ?? shop.email,
  };
}
