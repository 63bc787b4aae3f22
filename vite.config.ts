import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development Vite serves the client with hot reload and hands /api to the API server.
const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react()],
  // React 18 and later have useSyncExternalStore built in: the libraries that still import the shim for older
  // Reacts (wouter, @xstate/react) get React's own, and the selector helper's non-shim build over it.
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  server: {
    port: 5173,
    // The API, and the server-rendered sandbox checkout, live on the API server.
    proxy: { '/api': `http://localhost:${apiPort}`, '/pay': `http://localhost:${apiPort}` },
  },
  // Every browser the site supports preloads modules natively: no polyfill in the landing page's bundle.
  build: {
    outDir: 'dist',
    // No source maps in the production build: they would hand out the original sources (the server
    // refuses *.map requests as well, should one ever be left in dist/).
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every screen needs travel as one chunk, rather than as a dozen small ones
        // that each compress on their own.
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|xstate|@xstate|wouter|superstruct|redaxios|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
