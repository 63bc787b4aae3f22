import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress.mjs';

// In development Vite serves the client with hot reload and hands /api to the API server.
const apiPort = process.env.PORT ?? '3000';

/**
 * The modules the entry reaches through static imports alone: what the first page runs before anything else.
 * Left to itself the bundler gives each module that lazy pages share with the first page a chunk of its own
 * (a dozen files of 0.2 to 6 KB, each compressed on its own and those under 1 KB not at all). Grouped as one
 * chunk they are the same code, loaded as early: nothing lazy becomes eager (docs/performance.md, front end).
 */
const shell = new Set<string>();
const SHELL_CHUNK = 'shell';
const CORE_CHUNK = 'core';
const STATECHARTS_CHUNK = 'statecharts';
const findShell: Plugin = {
  name: 'find-shell',
  apply: 'build',
  buildEnd() {
    const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (shell.has(id)) continue;
      shell.add(id);
      stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

/**
 * Chromium compiles every function of a script that starts with `//# allFunctionsCalledOnLoad` on a background
 * thread while the script downloads, instead of on the main thread at each function's first call. The chunks
 * every page runs first (the libraries and the shell) start with it; other browsers read a comment
 * (docs/performance.md, "Compile hints"). Added last: minifying drops comments, and Vite puts the shell's list of
 * lazy files at its top.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const compileHints: Plugin = {
  name: 'compile-hints',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && [CORE_CHUNK, STATECHARTS_CHUNK, SHELL_CHUNK].includes(output.name)) {
          output.code = COMPILE_HINT + output.code;
        }
      }
    },
  },
};

export default defineConfig({
  // React DOM renders in development, tests and production; the plugin gives the dev server React's own refresh
  // (docs/decisions/0038-react-dom-renders.md).
  plugins: [react(), findShell, compileHints, precompress()],
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
    // dist/.vite/manifest.json: which files hold each page's code, for the server to name in a page's HTML
    // (server/site/page-chunks.ts). The server never serves it.
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries every screen needs travel as two chunks of about 14 KB gzipped each (XState, and the
        // rest), rather than as a dozen small ones that each compress on their own, or as one of 28 KB: over
        // HTTP/1.1 each chunk has a connection of its own, and two half-size files arrive in fewer round trips of
        // TCP's slow start than one (docs/performance.md, "The libraries in two chunks").
        codeSplitting: {
          groups: [
            {
              name: CORE_CHUNK,
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|superstruct|redaxios|use-sync-external-store)[\\/]/,
              priority: 1,
            },
            { name: STATECHARTS_CHUNK, test: /node_modules[\\/](xstate|@xstate)[\\/]/, priority: 1 },
            { name: SHELL_CHUNK, test: (id) => shell.has(id) },
          ],
        },
      },
    },
  },
});
