import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { escapeHtml, renderMail } from './layout.ts';

const content = {
  subject: 'New message from\nMaria <script>',
  greeting: 'Hi <Maria>,',
  paragraphs: ['Line one & "two"'],
  details: [['Total', '$1,250.00']] as [string, string][],
  quote: { label: 'Message', text: '<img src=x onerror=alert(1)>\nsecond line' },
  action: { label: 'View your estimate', url: 'https://shop.example/estimate/1?a=1&b=2' },
  closing: 'Thanks',
};

describe('mail layout', () => {
  it('escapes every piece of text in the HTML part', () => {
    const { html } = renderMail(content, DEFAULT_SHOP);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;<br>second line');
    expect(html).toContain('Hi &lt;Maria&gt;,');
    expect(html).toContain('Line one &amp; &quot;two&quot;');
    expect(html).toContain('href="https://shop.example/estimate/1?a=1&amp;b=2"');
    expect(html).toContain(escapeHtml(DEFAULT_SHOP.city));
  });

  it('keeps the plain text as written, with the link, and the shop in the signature', () => {
    const { text, subject } = renderMail(content, DEFAULT_SHOP);
    expect(subject).toBe('New message from Maria <script>');
    expect(text).toContain('> <img src=x onerror=alert(1)>\n> second line');
    expect(text).toContain('Total: $1,250.00');
    expect(text).toContain('View your estimate: https://shop.example/estimate/1?a=1&b=2');
    expect(text.trimEnd().endsWith(`${DEFAULT_SHOP.street}, ${DEFAULT_SHOP.city}`)).toBe(true);
    expect(text).toContain(`${DEFAULT_SHOP.phone} · ${DEFAULT_SHOP.email}`);
  });
});
