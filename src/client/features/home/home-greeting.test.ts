import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, translate } from '#client/i18n/i18n.ts';
import { homeGreeting } from './home-greeting.ts';

describe("the customer home's greeting", () => {
  afterAll(() => activateLanguage('en'));

  it('welcomes a customer without estimates as new, and one with estimates back, in both languages', async () => {
    await activateLanguage('en', 'home');
    expect(translate(homeGreeting(0), { name: 'Ana' })).toBe('Welcome, Ana!');
    expect(translate(homeGreeting(undefined), { name: 'Ana' })).toBe('Welcome, Ana!');
    expect(translate(homeGreeting(2), { name: 'Ana' })).toBe('Welcome back, Ana!');
    await activateLanguage('es', 'home');
    expect(translate(homeGreeting(0), { name: 'Ana' })).toBe('¡Le damos la bienvenida, Ana!');
    expect(translate(homeGreeting(2), { name: 'Ana' })).toBe('¡Hola de nuevo, Ana!');
  });
});
