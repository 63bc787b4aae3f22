import { defineConfig } from 'vite';

// The server as plain JavaScript for production (`npm start` runs `node dist-server/main.js`): one ES module
// bundle of our TypeScript (server/, domain/, the order machine), with every package left as an import that
// Node resolves from node_modules at run time (native ones, better-sqlite3 and argon2, cannot be bundled).
// See docs/decisions/0012-compiled-server.md. A second entry, threads-worker.js, is what the worker pool's threads
// run (server/threads/pool.ts looks for it beside main.js).
export default defineConfig({
  // Nothing of the browser build's: no public/ folder, no plugins.
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: { main: 'server/main.ts', 'threads-worker': 'server/threads/worker.ts' },
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  logLevel: 'warn',
});
