import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const backend = process.env.VITE_BACKEND ?? 'http://127.0.0.1:8000';

/**
 * The SPA lives at `/` and routes by hash (`/#/admin/...`), so every request whose path starts with
 * /admin/, /api/ or /storage/ is a server call. The proxy keys are anchored regular expressions so that
 * Vite's own module URLs (e.g. /src/pages/admin/...) and the index page are never forwarded.
 */
const proxyTo = { target: backend, changeOrigin: true };

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // the wire contract's shapes and rules, shared with the server (plain TypeScript)
      '@contract': fileURLToPath(new URL('../contract', import.meta.url)),
    },
    // bizcharts pulls react-reconciler, which must not bring a second React (two Reacts break hooks at run time).
    dedupe: ['react', 'react-dom'],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '^/admin/': proxyTo,
      '^/api/': proxyTo,
      '^/storage/': proxyTo,
    },
  },
  preview: {
    proxy: {
      '^/admin/': proxyTo,
      '^/api/': proxyTo,
      '^/storage/': proxyTo,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: read by scripts/bundle-size.mjs to report what a first load costs.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The framework every screen needs: cached across releases of the app code.
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 20 },
            { name: 'mobx-vendor', test: /node_modules[\\/](mobx|mobx-react-lite)[\\/]/, priority: 15 },
          ],
        },
      },
    },
  },
});
