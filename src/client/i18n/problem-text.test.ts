import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadSpanishProblems } from './i18n.ts';
import { problemText } from './problem-text.ts';

beforeAll(() => loadSpanishProblems());

// activateLanguage, not i18n.loadAndActivate: that replaces the locale's messages, and the files a
// worker runs share this module (isolate: false), so a later file would find its loaded words gone.
afterEach(() => activateLanguage('en'));

describe('problemText', () => {
  it('gives the Spanish of a known problem on a Spanish page', async () => {
    await activateLanguage('es');
    expect(problemText('Please enter a valid email address')).toBe('Escriba un correo electrónico válido');
    expect(problemText('Must be at most 50 characters')).toBe('Debe tener como máximo 50 caracteres');
  });

  it('keeps the English on an English page, and an unknown message in either language', async () => {
    await activateLanguage('en');
    expect(problemText('Please enter a valid email address')).toBe('Please enter a valid email address');
    await activateLanguage('es');
    expect(problemText('Something nobody wrote')).toBe('Something nobody wrote');
  });
});
