import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.HANGER_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
        moduleSideEffects: (id) => (id.includes('/packages/domain/src/') ? false : undefined),
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
