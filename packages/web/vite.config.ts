import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress.mjs';

const API_TARGET = process.env.HANGER_API_URL ?? 'http://127.0.0.1:3000';

/** The domain package is pure by rule (no I/O, no globals): unused modules can be dropped. */
const domainIsPure = (id: string) => (id.includes('/packages/domain/src/') ? false : undefined);

/** Light surface colour (--hg-canvas); the dark one is set by index.html's theme-color metas. */
const CANVAS_LIGHT = '#faf9f7';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Installable app and service worker (issue 14). The worker is src/sw.ts (injectManifest);
    // the app registers it itself after the first render (src/lib/pwa/register.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Hanger',
        short_name: 'Hanger',
        description: 'Your wardrobe, outfits and what you wear, in one calm place.',
        lang: 'en',
        dir: 'ltr',
        start_url: '/items',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: CANVAS_LIGHT,
        background_color: CANVAS_LIGHT,
        categories: ['lifestyle', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        shortcuts: [
          {
            name: 'Add item',
            short_name: 'Add item',
            url: '/items/upload',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Log today',
            short_name: 'Log today',
            url: '/calendar/today',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        // Web Share Target: handled by the service worker (src/sw.ts), which keeps the photos and
        // opens the upload page with them.
        share_target: {
          action: '/share-target',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: { files: [{ name: 'photos', accept: ['image/*'] }] },
        },
      },
      injectManifest: {
        // The whole app shell, lazy screens included, so every screen opens offline.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // The worker imports one pure function of the domain package: same tree-shaking as the app.
        rollupOptions: { treeshake: { moduleSideEffects: domainIsPure } },
      },
      devOptions: { enabled: false },
    }),
    // .br and .gz beside each text asset, served by the server as they are (issue 16).
    precompress(),
  ],
  resolve: {
    // The domain package is consumed as TypeScript source, so web never waits on its build.
    alias: {
      '@hanger/domain': fileURLToPath(new URL('../domain/src/index.ts', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': {
        target: API_TARGET,
        changeOrigin: true,
        // The identity service checks Origin against PUBLIC_URL; the dev server's own origin
        // would be refused, so present the API's origin instead.
        configure: (proxy) => {
          proxy.on('proxyReq', (req) => {
            if (req.getHeader('origin')) req.setHeader('origin', API_TARGET);
          });
        },
      },
      '/media': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // bench/web-bundle.mjs reads the chunk graph from here to measure the first load.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // The domain package is pure by rule (no I/O, no globals): modules whose exports a chunk
      // does not use are dropped, which keeps the schema library out of the first load.
      treeshake: {
        moduleSideEffects: domainIsPure,
      },
      output: {
        // React and the router change far less often than the app: their own chunk stays cached
        // across deploys. Only libraries every screen needs belong here; lazy ones stay lazy.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
