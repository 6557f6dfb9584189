import type { ShopInfo } from '#domain/shop.ts';
import type { UserRow } from '#server/db/schema.ts';
import { type RenderedMail, renderMail } from './layout.ts';
import { greeting } from './mail-context.ts';

/** How long a link to set a password works; the service stores the same expiry. */
export const PASSWORD_LINK_TTL_MINUTES = 60;

/**
 * Where the link in the e-mail leads: the sign-in page, which shows the "Set your password" form
 * when it carries a token (/auth is a page the server and the browser app know; no new route needed).
 */
export function setPasswordUrl(appUrl: string, token: string): string {
  return `${appUrl}/auth?token=${encodeURIComponent(token)}`;
}

/** The e-mail with the one-time link to set (or reset) the password of an account. */
export function setPasswordMail(
  customer: Pick<UserRow, 'firstName'>,
  link: string,
  shop: ShopInfo,
): RenderedMail {
  return renderMail(
    {
      subject: `Set your password for ${shop.name}`,
      greeting: greeting(customer),
      paragraphs: [
        `Someone asked to set a password for your ${shop.name} account. Use the link below to choose one; then you can sign in and follow your estimates online.`,
        `The link expires in ${PASSWORD_LINK_TTL_MINUTES} minutes and works once.`,
      ],
      action: { label: 'Set your password', url: link },
      closing: 'If you did not ask for this, you can ignore this e-mail: your account stays as it is.',
    },
    shop,
  );
}
