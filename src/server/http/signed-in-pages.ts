import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '#domain/language.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { SIGNED_IN_STATE_ID } from '#domain/signed-in-page.ts';
import { landingStartScript, withCodeAfterFirstPaint } from './prerendered-pages.ts';

/** A signed-in page as src/client/prerender.tsx draws it: its markup and the state it was drawn with. */
interface SignedInPage {
  markup: string;
  state: unknown;
}

/** The request headers the app's own requests carry on the visitor's behalf: who they are, where from. */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto'];

/**
 * The renderer's process ends after this long without a page to draw, and gives its 45–50 MB back
 * (decision 079): loaded in the server itself, the drawing code and its heap kept some 40 MB for good;
 * in a worker thread, as much once the thread had ended. Starting it again costs the next page about
 * half a second, so a front desk clicking through its pages keeps it.
 */
const IDLE_MS = 5 * 60_000;
/** A page not drawn by then is sent for the browser app to draw, and the renderer is started afresh. */
const RENDER_TIMEOUT_MS = 10_000;
/** The process's heap: what the signed-in screens need with room to spare, and a bound on a runaway. */
const NODE_OPTIONS = ['--max-old-space-size=48', '--max-semi-space-size=2'];

/**
 * Runs in the renderer's process: loads the build's prerender module and draws the pages it is asked
 * for, asking the server for every answer the screen needs (`fetch` → `answer`).
 */
const RENDERER_PROCESS = `
const [moduleUrl, shop] = process.argv.slice(1);
const module = import(moduleUrl);
const waiting = new Map();
let asked = 0;
const fetchFor = (renderId) => (input, init) =>
  new Promise((resolve) => {
    asked += 1;
    waiting.set(asked, resolve);
    process.send({ type: 'fetch', id: asked, renderId, url: String(input), method: init?.method ?? 'GET' });
  });
process.on('message', async (message) => {
  if (message.type === 'answer') {
    const resolve = waiting.get(message.id);
    waiting.delete(message.id);
    resolve?.(new Response(message.body, { status: message.status, headers: { 'content-type': message.contentType } }));
    return;
  }
  try {
    const { renderSignedInPage } = await module;
    const page = renderSignedInPage
      ? await renderSignedInPage(message.pagePath, message.search, message.language, JSON.parse(shop), fetchFor(message.id))
      : null;
    process.send({ type: 'rendered', id: message.id, page });
  } catch (error) {
    process.send({ type: 'rendered', id: message.id, error: String(error?.stack ?? error) });
  }
});
`;

type FromRenderer =
  | { type: 'fetch'; id: number; renderId: number; url: string; method: string }
  | { type: 'rendered'; id: number; page?: SignedInPage | null; error?: string };

interface Render {
  /** The visitor's requests, answered by the server's own routes. */
  ask: ReturnType<typeof asVisitor>;
  resolve: (page: SignedInPage | null) => void;
  reject: (error: Error) => void;
}

/**
 * Draws a signed-in screen as the browser app would, with the visitor's own data: the build's prerender
 * module (src/client/prerender.tsx) runs in a process of its own, started on the first such page and
 * ended when idle, and asks the server's routes through `app.inject` with the visitor's cookie, so it
 * sees exactly what the visitor may see. Null when the build has no prerender module (a test's
 * stand-in app).
 */
export function signedInPageRenderer(app: FastifyInstance, clientDir: string, shop: ShopInfo) {
  const module = path.join(clientDir, '..', 'prerender', 'prerender.js');
  const startScript = landingStartScript(clientDir);
  if (!existsSync(module) || !startScript) return null;
  const renders = new Map<number, Render>();
  let rendered = 0;
  let renderer: ChildProcess | null = null;
  let idle: NodeJS.Timeout | null = null;

  const stop = () => {
    renderer?.kill();
    renderer = null;
  };
  const failAll = (error: Error) => {
    for (const render of renders.values()) render.reject(error);
    renders.clear();
  };
  const answer = async (child: ChildProcess, message: Extract<FromRenderer, { type: 'fetch' }>) => {
    const render = renders.get(message.renderId);
    const failed = { status: 503, body: '', contentType: 'text/plain' };
    const reply = render ? await render.ask(message.url, message.method).catch(() => failed) : failed;
    // A renderer ended meanwhile (idle, or stuck) has no one to answer.
    if (child.connected) child.send({ type: 'answer', id: message.id, ...reply });
  };
  const started = (): ChildProcess => {
    if (renderer) return renderer;
    const child = spawn(
      process.execPath,
      [
        ...NODE_OPTIONS,
        '--input-type=module',
        '--eval',
        RENDERER_PROCESS,
        pathToFileURL(module).href,
        JSON.stringify(shop),
      ],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    child.on('message', (message: FromRenderer) => {
      if (message.type === 'fetch') return void answer(child, message);
      const render = renders.get(message.id);
      renders.delete(message.id);
      if (message.error) render?.reject(new Error(message.error));
      else render?.resolve(message.page ?? null);
    });
    child.on('error', (error) => failAll(error));
    child.on('exit', () => {
      if (renderer === child) renderer = null;
      failAll(new Error('the signed-in page renderer stopped'));
    });
    // The server's own work keeps it running; the renderer never does.
    child.unref();
    child.channel?.unref();
    renderer = child;
    return child;
  };
  app.addHook('onClose', async () => {
    if (idle) clearTimeout(idle);
    stop();
  });

  const draw = (request: FastifyRequest, pathname: string, search: string, language: Language) =>
    new Promise<SignedInPage | null>((resolve, reject) => {
      if (idle) clearTimeout(idle);
      rendered += 1;
      const id = rendered;
      // A renderer stuck on one page would hold every later one (it draws one at a time): it is ended,
      // and the next page starts another.
      const timeout = setTimeout(() => {
        renders.delete(id);
        stop();
        reject(new Error(`drawing ${pathname} took over ${RENDER_TIMEOUT_MS} ms`));
      }, RENDER_TIMEOUT_MS);
      const settle = () => {
        clearTimeout(timeout);
        if (idle) clearTimeout(idle);
        if (renders.size === 0) idle = setTimeout(stop, IDLE_MS).unref();
      };
      renders.set(id, {
        ask: asVisitor(app, request),
        resolve: (page) => {
          settle();
          resolve(page);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      });
      started().send({ type: 'render', id, pagePath: pathname, search, language });
    });

  /** The page `html` with the screen drawn in it; null when it cannot be drawn (the browser app draws it). */
  return async (
    request: FastifyRequest,
    html: string,
    pathname: string,
    search: string,
    language: Language,
  ): Promise<string | null> => {
    const drawn = await draw(request, pathname, search, language);
    return drawn && withSignedInRoot(html, drawn, startScript);
  };
}

/** An answer of the server's own routes to a request sent as the visitor's request is. */
function asVisitor(app: FastifyInstance, request: FastifyRequest) {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return async (url: string, method: string) => {
    const answer = await app.inject({
      method: method as 'GET',
      url,
      headers,
      remoteAddress: request.socket.remoteAddress,
    });
    return {
      status: answer.statusCode,
      body: answer.body,
      contentType: String(answer.headers['content-type'] ?? 'application/json'),
    };
  };
}

const DATA_PRELOAD = /<link rel="preload" as="fetch"[^>]*>/g;

/**
 * The signed-in page with its screen drawn in the root element and the state it was drawn with beside
 * it (src/client/lib/signed-in-state.ts). The data it would have asked for up front is in the page: its
 * preloads go.
 */
function withSignedInRoot(html: string, drawn: SignedInPage, startScript: string): string {
  // A JSON data block is never executed; `<` escaped so that no text in it can end the element.
  const state = JSON.stringify(drawn.state).replaceAll('<', '\\u003c');
  return withCodeAfterFirstPaint(html.replace(DATA_PRELOAD, ''), startScript)
    .replace('<div id="root"></div>', () => `<div id="root">${drawn.markup}</div>`)
    .replace(
      '</body>',
      () => `<script id="${SIGNED_IN_STATE_ID}" type="application/json">${state}</script></body>`,
    );
}
