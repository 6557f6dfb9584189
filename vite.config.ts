import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreens } from './scripts/vite/first-screens.ts';
import { linguiCatalogs } from './scripts/vite/lingui-catalogs.ts';
import { precompressedAssets } from './scripts/vite/precompressed-assets.ts';
import { DEFAULT_SHOP } from './src/domain/shop.ts';

/** In `npm run dev` no server writes the shop's name into index.html; use the default one. */
const devShopName: Plugin = {
  name: 'dev-shop-name',
  apply: 'serve',
  transformIndexHtml: (html) => html.replaceAll('{{SHOP_NAME}}', DEFAULT_SHOP.name),
};

/**
 * A feature's shared.ts only re-exports what the feature offers the others. Marked free of side
 * effects, a screen that imports one name through it loads that name's module only, not every module
 * the shared file names (the message box does not come with the messages' query key).
 */
const sharedFilesOnlyReExport: Plugin = {
  name: 'shared-files-only-re-export',
  transform: {
    filter: { id: /[\\/]src[\\/]client[\\/]features[\\/][^\\/]+[\\/]shared\.tsx?$/ },
    handler: () => ({ moduleSideEffects: false }),
  },
};

/**
 * The installable app (docs/decisions/053-installable-app-and-resumable-uploads.md): the manifest, and a
 * service worker that precaches the hashed code and styles, the icons and the offline page. It never
 * caches index.html (the server writes a fresh CSP nonce and the shop's details into each one), API
 * answers or photos: requests it has no route for go to the network as if it were not there.
 */
const installableApp = VitePWA({
  // src/client/components/update-prompt.tsx registers it after load and asks before updating.
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: [],
  // The icons are in globPatterns already.
  includeManifestIcons: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: DEFAULT_SHOP.name,
    short_name: 'Lakeside',
    description: 'Send photos of the damage, get an estimate, and follow your repair.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: '#b91c1c',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['assets/**/*.{js,css}', 'offline.html', 'offline.css', 'favicon.svg', 'icons/*.png'],
    globIgnores: ['index.html'],
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Pages always come from the network (fresh nonce, fresh data); without one, the offline page.
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/offline.html' } },
      },
    ],
  },
});

/** The pages the server prerenders (src/server/http/prerendered-pages.ts), loaded lazily by the app. */
const firstScreenChunks = firstScreens([
  /[\\/]features[\\/]landing[\\/]landing-page\.tsx$/,
  /[\\/]features[\\/]about[\\/]about-page\.tsx$/,
  /[\\/]features[\\/]auth[\\/]auth-page\.tsx$/,
]);

/**
 * Two builds: the browser app (dist/client), and with `--ssr` the landing page's prerender for the
 * server (dist/prerender: src/client/prerender.tsx), which needs no service worker, public files,
 * manifest or chunk groups.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    linguiCatalogs(),
    devShopName,
    sharedFilesOnlyReExport,
    firstScreenChunks.plugin,
    ...(isSsrBuild ? [] : [installableApp, precompressedAssets()]),
  ],
  root: 'src/client',
  resolve: {
    // React has useSyncExternalStore built in; the router and Lingui import the shim made for older
    // React, which would otherwise ship its own copy on every page.
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' }],
  },
  publicDir: '../../public',
  build: {
    outDir: isSsrBuild ? '../../dist/prerender' : '../../dist/client',
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    // Maps source modules to their hashed chunks; `npm run lighthouse` reads it to tell which code a page loaded.
    manifest: !isSsrBuild,
    // Every browser the app supports understands <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The prerendered landing page loads landing-start.ts first and the app after its hero photo.
          input: {
            index: path.resolve(import.meta.dirname, 'src/client/index.html'),
            'landing-start': path.resolve(import.meta.dirname, 'src/client/landing-start.ts'),
          },
          output: {
            codeSplitting: {
              // Named vendor chunks: React is cached across deploys of app code, and the two heavy widgets
              // (photo uploader, card form) stay in chunks only their screens load.
              groups: [
                {
                  name: 'vendor-react',
                  // With rolldown's runtime (its CommonJS helpers, which React needs): one request less.
                  test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|^\0rolldown[\\/]runtime/,
                  priority: 3,
                },
                // The dashboard (estimate detail's Add Photo) apart from the core and tus the photo workflow needs.
                {
                  name: 'vendor-uppy-dashboard',
                  test: /node_modules[\\/](@uppy[\\/](dashboard|react|aws-s3|provider-views|status-bar|informer|thumbnail-generator)|preact)[\\/]/,
                  priority: 3,
                },
                { name: 'vendor-uppy', test: /node_modules[\\/](@uppy|tus-js-client)[\\/]/, priority: 2 },
                { name: 'vendor-stripe', test: /node_modules[\\/]@stripe[\\/]/, priority: 2 },
                // What the entry imports statically (router, fetcher, icon base…) goes with the entry, not into
                // several small shared chunks: a first page load makes three script requests, not six.
                // landing-start.ts stays an entry of its own: the landing page's only first script.
                {
                  name: 'app-initial',
                  tags: ['$initial'],
                  test: (id: string) => !id.endsWith('landing-start.ts'),
                  priority: 1,
                },
                // What the first pages share (their icons, layout, button styles), in one chunk.
                { name: 'first-screens', test: firstScreenChunks.sharedByFirstScreens, priority: 1 },
              ],
            },
          },
        },
  },
  ssr: {
    // Bundled into the prerender, so the server runs it without the browser app's packages resolving
    // React twice or Lingui's ESM-only builds through Node's own loader.
    noExternal: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 5000}` },
  },
}));
