import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emailBreakParts } from '#domain/contact-breaks.ts';
import { EmailText, PhoneText } from './contact-text.tsx';

describe('contact text', () => {
  it('lets an e-mail address break only after its @ and dots', () => {
    expect(emailBreakParts('maria.gonzalez-rodriguez@lakesidefamilycollision.com')).toEqual([
      'maria.',
      'gonzalez-rodriguez@',
      'lakesidefamilycollision.',
      'com',
    ]);
    const html = renderToStaticMarkup(<EmailText email="ana@example.com" />);
    expect(html).toBe('<span class="break-words">ana@<wbr/>example.<wbr/>com</span>');
    expect(html).not.toContain('break-all');
  });

  it('keeps a phone number on one line', () => {
    expect(renderToStaticMarkup(<PhoneText phone="(813) 555-0193" />)).toBe(
      '<span class="whitespace-nowrap">(813) 555-0193</span>',
    );
  });
});
