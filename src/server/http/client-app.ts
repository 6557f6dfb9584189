import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '../../domain/client-routes.js';
import type { ShopInfo } from '../../domain/shop.js';

/**
 * Serves the built browser app: hashed assets cached for a year, and index.html (with the shop's
 * details written in) for every page path, so one build serves any shop configuration.
 */
export async function registerClientApp(
  app: FastifyInstance,
  clientDir: string,
  shop: ShopInfo,
): Promise<void> {
  const html = renderIndexHtml(readFileSync(path.join(clientDir, 'index.html'), 'utf8'), shop);

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: false,
    globIgnore: ['index.html'],
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/')) return reply.callNotFound();
    return reply
      .code(isClientRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}

export function renderIndexHtml(template: string, shop: ShopInfo): string {
  // A JSON data block is never executed, so it needs no script permission from the CSP.
  const json = JSON.stringify(shop).replaceAll('<', '\\u003c');
  return template
    .replaceAll('{{SHOP_NAME}}', escapeHtml(shop.name))
    .replace('</head>', `<script id="shop-config" type="application/json">${json}</script></head>`);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
