import type { ShopInfo } from '#domain/shop.ts';
import type { UserRow } from '#server/db/schema.ts';
import { translator } from '#server/i18n/translator.ts';
import { type RenderedMail, renderMail } from './layout.ts';
import { greeting } from './mail-context.ts';

/** How long a link to set a password works; the service stores the same expiry. */
export const PASSWORD_LINK_TTL_MINUTES = 60;
/**
 * How long the welcome e-mail's link works: a walk-in customer reads it at home, maybe days later
 * (decision 064). It proves the same thing as any password link: the reader has the mailbox.
 */
export const WELCOME_LINK_TTL_DAYS = 7;

/**
 * Where the link in the e-mail leads: the sign-in page, which shows the "Set your password" form
 * when it carries a token (/auth is a page the server and the browser app know; no new route needed).
 * With `next` (a path on this site), the customer lands there once the password is set.
 */
export function setPasswordUrl(appUrl: string, token: string, next?: string): string {
  const query = new URLSearchParams({ token, ...(next ? { next } : {}) });
  return `${appUrl}/auth?${query.toString()}`;
}

/** The e-mail with the one-time link to set (or reset) the password of an account, in its language. */
export function setPasswordMail(
  customer: Pick<UserRow, 'firstName' | 'language'>,
  link: string,
  shop: ShopInfo,
): RenderedMail {
  const t = translator(customer.language);
  return renderMail(
    {
      subject: t('mail.password.subject', { shop: shop.name }),
      greeting: greeting(customer),
      paragraphs: [
        t('mail.password.asked', { shop: shop.name }),
        t('mail.password.expires', { minutes: String(PASSWORD_LINK_TTL_MINUTES) }),
      ],
      action: { label: t('mail.password.action'), url: link },
      closing: t('mail.password.ignore'),
    },
    shop,
    customer.language,
  );
}
