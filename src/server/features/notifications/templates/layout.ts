import { DEFAULT_LANGUAGE, type Language } from '#domain/language.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { translator } from '#server/i18n/translator.ts';

/** What one e-mail says, before it is laid out as plain text and as HTML. */
export interface MailContent {
  subject: string;
  /** 'Hi Maria,' — or a plain 'Hello,' when the name is unknown. */
  greeting: string;
  paragraphs: string[];
  /** Label/value lines (amounts, dates, the vehicle…). */
  details?: [label: string, value: string][];
  /** Someone's own words (a message, instructions), shown as a quoted block. */
  quote?: { label: string; text: string };
  /** The link back to the app. */
  action: { label: string; url: string };
  /** A second choice beside it (the reminder's "pick another time"), drawn as a plain link. */
  secondAction?: { label: string; url: string };
  /** The line after the link ('We'll be in touch within 24 hours.'). */
  closing?: string;
  /** The estimate's status link: its progress, read-only, without signing in. */
  statusLink?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every piece of text that goes into HTML passes here: customers' words are never markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Escaped, with line breaks kept. */
const htmlText = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>');

/** Subjects are one line: a newline in a customer's words must not break the header. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * The e-mail as plain text and HTML. `language` is the reader's: the customer's for their mails, the
 * default (English) for the shop's own, which stay English.
 */
export function renderMail(
  content: MailContent,
  shop: ShopInfo,
  language: Language = DEFAULT_LANGUAGE,
): RenderedMail {
  const statusLinkLabel = translator(language)('mail.statusLink');
  return {
    subject: oneLine(content.subject),
    text: renderText(content, shop, statusLinkLabel),
    html: renderHtml(content, shop, statusLinkLabel, language),
  };
}

function renderText(content: MailContent, shop: ShopInfo, statusLinkLabel: string): string {
  const blocks: string[] = [content.greeting, ...content.paragraphs];
  if (content.details?.length) {
    blocks.push(content.details.map(([label, value]) => `${label}: ${value}`).join('\n'));
  }
  if (content.quote) {
    const quoted = content.quote.text
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join('\n');
    blocks.push(`${content.quote.label}:\n${quoted}`);
  }
  blocks.push(`${content.action.label}: ${content.action.url}`);
  if (content.secondAction) blocks.push(`${content.secondAction.label}: ${content.secondAction.url}`);
  if (content.statusLink) blocks.push(`${statusLinkLabel}: ${content.statusLink}`);
  if (content.closing) blocks.push(content.closing);
  blocks.push(['--', shop.name, `${shop.phone} · ${shop.email}`, `${shop.street}, ${shop.city}`].join('\n'));
  return `${blocks.join('\n\n')}\n`;
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#0f172a;font-size:15px;line-height:1.5';

function renderHtml(
  content: MailContent,
  shop: ShopInfo,
  statusLinkLabel: string,
  language: Language,
): string {
  const parts: string[] = [
    `<p style="margin:0 0 16px">${htmlText(content.greeting)}</p>`,
    ...content.paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${htmlText(paragraph)}</p>`),
  ];
  if (content.details?.length) {
    const rows = content.details
      .map(
        ([label, value]) =>
          `<tr><td style="padding:4px 16px 4px 0;color:#475569">${htmlText(label)}</td>` +
          `<td style="padding:4px 0;font-weight:bold">${htmlText(value)}</td></tr>`,
      )
      .join('');
    parts.push(`<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`);
  }
  if (content.quote) {
    parts.push(
      `<p style="margin:0 0 4px;color:#475569">${htmlText(content.quote.label)}:</p>` +
        `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:4px solid #cbd5e1;background:#f8fafc">${htmlText(content.quote.text)}</blockquote>`,
    );
  }
  parts.push(
    `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#b91c1c;color:#ffffff;text-decoration:none;font-weight:bold">${htmlText(content.action.label)}</a></p>`,
  );
  if (content.secondAction) {
    parts.push(
      `<p style="margin:0 0 16px"><a href="${escapeHtml(content.secondAction.url)}" style="color:#b91c1c;font-weight:bold">${htmlText(content.secondAction.label)}</a></p>`,
    );
  }
  if (content.statusLink) {
    parts.push(
      `<p style="margin:0 0 16px;font-size:14px">${htmlText(statusLinkLabel)}: <a href="${escapeHtml(content.statusLink)}" style="color:#b91c1c">${htmlText(content.statusLink)}</a></p>`,
    );
  }
  if (content.closing) parts.push(`<p style="margin:0 0 16px">${htmlText(content.closing)}</p>`);
  const footer =
    `<p style="margin:24px 0 0;padding-top:12px;border-top:1px solid #e2e8f0;color:#475569;font-size:13px">` +
    `<strong>${htmlText(shop.name)}</strong><br>${htmlText(shop.phone)} · ${htmlText(shop.email)}<br>` +
    `${htmlText(`${shop.street}, ${shop.city}`)}</p>`;
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${htmlText(oneLine(content.subject))}</title></head>` +
    `<body style="margin:0;padding:24px;background:#ffffff"><div style="max-width:560px;${FONT}">` +
    `${parts.join('')}${footer}</div></body></html>`
  );
}
