import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadSpanishProblems } from './i18n.ts';
import { problemText } from './problem-text.ts';

beforeAll(() => loadSpanishProblems());

afterEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('problemText', () => {
  it('gives the Spanish of a known problem on a Spanish page', () => {
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    expect(problemText('Please enter a valid email address')).toBe('Escriba un correo electrónico válido');
    expect(problemText('Must be at most 50 characters')).toBe('Debe tener como máximo 50 caracteres');
  });

  it('keeps the English on an English page, and an unknown message in either language', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    expect(problemText('Please enter a valid email address')).toBe('Please enter a valid email address');
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    expect(problemText('Something nobody wrote')).toBe('Something nobody wrote');
  });
});
