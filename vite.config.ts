import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_SHOP } from './src/domain/shop';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), devShopName, sharedFilesOnlyReExport],
  root: 'src/client',
  publicDir: '../../public',
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Maps source modules to their hashed chunks; `npm run lighthouse` reads it to tell which code a page loaded.
    manifest: true,
    // Every browser the app supports understands <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Named vendor chunks: React is cached across deploys of app code, and the two heavy widgets
          // (photo uploader, card form) stay in chunks only their screens load.
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'vendor-uppy', test: /node_modules[\\/](@uppy|preact)[\\/]/, priority: 2 },
            { name: 'vendor-stripe', test: /node_modules[\\/]@stripe[\\/]/, priority: 2 },
            // What the entry imports statically (router, fetcher, icon base…) goes with the entry, not into
            // several small shared chunks: a first page load makes three script requests, not six.
            { name: 'app-initial', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 5000}` },
  },
});
