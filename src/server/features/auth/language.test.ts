import { describe, expect, it } from 'vitest';
import { sessionCookie } from '#server/test-support/app.ts';
import { as, createPerson } from '#server/test-support/people.ts';
import { setUpPerson, setUpTestShop } from '#server/test-support/test-shop.ts';

const t = setUpTestShop();
const customer = setUpPerson(t, { email: 'lucia@example.com', firstName: 'Lucía', lastName: 'Ramos' });
const admin = setUpPerson(t, { email: 'shop@example.com', firstName: 'Rick', isAdmin: true });

const account = (email: string) => ({ email, password: 'sunshine93', firstName: 'Ana', lastName: 'Gómez' });

function setLanguage(language: unknown, headers: Record<string, string>) {
  return t.app.inject({ method: 'PATCH', url: '/api/auth/user', payload: { language }, headers });
}
function register(body: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/register', payload: body, headers });
}
function login(body: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: body, headers });
}

/** The `lang` cookie a response sets, with its attributes; undefined when it sets none. */
function languageCookie(response: { headers: Record<string, unknown> }): string | undefined {
  const header = response.headers['set-cookie'];
  const cookies = (Array.isArray(header) ? header : [header]).filter(
    (c): c is string => typeof c === 'string',
  );
  return cookies.find((cookie) => cookie.startsWith('lang='));
}

describe('PATCH /api/auth/user (the language switch of a signed-in customer)', () => {
  it('stores the language on the account, answers the public user and sets the lang cookie', async () => {
    const res = await setLanguage('es', as(customer));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: customer.user.id,
      email: 'lucia@example.com',
      firstName: 'Lucía',
      lastName: 'Ramos',
      phone: null,
      language: 'es',
      isAdmin: false,
    });
    const cookie = languageCookie(res) ?? '';
    expect(cookie).toMatch(/^lang=es;/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The page's own switch writes it too.
    expect(cookie).not.toMatch(/HttpOnly/);

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: as(customer) });
    expect(me.json().language).toBe('es');
  });

  it('refuses a signed-out caller, a language the app does not speak and any other field', async () => {
    expect((await setLanguage('es', {})).statusCode).toBe(401);
    const french = await setLanguage('fr', as(admin));
    expect(french.statusCode).toBe(400);
    expect(french.json()).toEqual({ message: 'language must be "en" or "es"' });
    const more = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      payload: { language: 'en', isAdmin: true },
      headers: as(customer),
    });
    expect(more.statusCode).toBe(400);
  });

  it('is refused from another website, like every state-changing request', async () => {
    const res = await setLanguage('en', { ...as(customer), 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });
});

describe("a new account's language", () => {
  it('is the one the registration form names', async () => {
    const res = await register({ ...account('form-es@example.com'), language: 'es' });
    expect(res.statusCode).toBe(201);
    expect(res.json().language).toBe('es');
    expect(languageCookie(res)).toMatch(/^lang=es;/);
  });

  it("is otherwise the browser's: its lang cookie, then Accept-Language, then English", async () => {
    const byCookie = await register(account('cookie-es@example.com'), {
      cookie: 'lang=es',
      'accept-language': 'en-US',
    });
    expect(byCookie.json().language).toBe('es');
    const byHeader = await register(account('header-es@example.com'), {
      'accept-language': 'es-MX,es;q=0.9,en;q=0.8',
    });
    expect(byHeader.json().language).toBe('es');
    const neither = await register(account('plain@example.com'), { 'accept-language': 'fr-FR' });
    expect(neither.json().language).toBe('en');
  });
});

describe('the switch persists across sign-in', () => {
  it("sets this browser's lang cookie to the account's language on sign-in", async () => {
    const first = await register({ ...account('viajera@example.com'), language: 'en' });
    await setLanguage('es', { cookie: sessionCookie(first) });
    // Another browser, set to English, signs in: the next page is in Spanish.
    const res = await login(
      { email: 'viajera@example.com', password: 'sunshine93' },
      { cookie: 'lang=en', 'accept-language': 'en-US' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().language).toBe('es');
    expect(languageCookie(res)).toMatch(/^lang=es;/);
  });
});

describe('problem messages in Spanish', () => {
  it("answers a Spanish-speaking customer's validation error in Spanish", async () => {
    await setLanguage('es', as(customer));
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      payload: { language: 'de' },
      headers: as(customer),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'El idioma debe ser "en" (inglés) o "es" (español)' });
    // The same for a customer's everyday refusal: an empty message to the shop.
    const empty = { method: 'POST', url: '/api/estimates/any/messages', payload: { content: ' ' } } as const;
    const spanish = await t.app.inject({ ...empty, headers: as(customer) });
    expect(spanish.json()).toEqual({ message: 'El mensaje no puede estar vacío' });
    const english = await t.app.inject({ ...empty, headers: { cookie: `${admin.cookie}; lang=es` } });
    expect(english.json()).toEqual({ message: 'Message cannot be empty' });
  });

  it("follows a signed-out visitor's lang cookie, else their browser's language", async () => {
    const bad = { email: 'not-an-email', password: 'sunshine93' };
    expect((await login(bad, { cookie: 'lang=es' })).json().message).toBe(
      'Escriba un correo electrónico válido',
    );
    expect((await login(bad, { 'accept-language': 'es-US' })).json().message).toBe(
      'Escriba un correo electrónico válido',
    );
    expect((await login(bad, { 'accept-language': 'en-US,es;q=0.5' })).json().message).toBe(
      'Please enter a valid email address',
    );
    const unauthorized = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { 'accept-language': 'es' },
    });
    expect(unauthorized.json()).toEqual({ message: 'Por favor, inicie sesión.' });
  });

  it("answers the shop in English whatever its browser says, and an English customer's account wins over the browser", async () => {
    const headers = { cookie: `${admin.cookie}; lang=es`, 'accept-language': 'es' };
    const res = await setLanguage('de', headers);
    expect(res.json()).toEqual({ message: 'language must be "en" or "es"' });
    const english = await createPerson(t, { email: 'english@example.com' });
    const own = await setLanguage('de', { cookie: `${english.cookie}; lang=es`, 'accept-language': 'es' });
    expect(own.json()).toEqual({ message: 'language must be "en" or "es"' });
  });

  it('translates the answers made outside the error handler too, and keeps English it does not know', async () => {
    const notFound = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { cookie: 'lang=es' },
    });
    expect(notFound.json()).toEqual({ message: 'No se encontró: GET /api/no-such-route' });
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/password/link',
      payload: { email: 'nobody@example.com' },
      headers: { cookie: 'lang=es' },
    });
    expect(link.json()).toEqual({
      message:
        'Si ese correo electrónico pertenece a una cuenta, le enviamos un enlace para crear una contraseña.',
    });
  });
});
