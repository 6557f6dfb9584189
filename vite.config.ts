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

export default defineConfig({
  plugins: [react(), tailwindcss(), devShopName],
  root: 'src/client',
  publicDir: '../../public',
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 5000}` },
  },
});
