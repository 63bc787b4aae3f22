// `npm start`: production runs plain `node` on compiled JavaScript, never a TypeScript compiler.
// Builds what is missing or out of date first (the browser app into STATIC_DIR, the server into
// dist-server/), then runs the server in this very process, so signals reach its drain directly.
// See docs/decisions/0012-compiled-server.md.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLIENT_SOURCES, SERVER_SOURCES, isStale } from './build-check.mjs';

const SERVER_ENTRY = resolve('dist-server/main.js');

// The server runs on Node 24, which `npm ci` installs into node_modules/.bin/node. Started another way with an
// older Node (a service manager's `node scripts/start.mjs`), say how to start it rather than fail later.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `[start] this is node ${process.version}; the server needs Node 22.12 or newer (24 is what it is tested on). ` +
      'Start it with `npm start`, or run node_modules/.bin/node, the Node 24 that `npm ci` installed.',
  );
  process.exit(1);
}

function vite(args, what) {
  console.log(`[start] ${what} is missing or out of date: building it…`);
  const result = spawnSync(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', ...args], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`[start] building ${what} failed`);
    process.exit(1);
  }
}

// --dev: vite serves the pages itself; only the API is needed.
if (!process.argv.includes('--dev')) {
  const staticDir = resolve(process.env.STATIC_DIR || 'dist');
  // --outDir so STATIC_DIR and vite agree even when STATIC_DIR is not vite's default `dist`.
  if (isStale(join(staticDir, 'index.html'), CLIENT_SOURCES)) {
    vite(['--outDir', staticDir, '--emptyOutDir'], 'the browser app');
  }
}
if (isStale(SERVER_ENTRY, SERVER_SOURCES)) vite(['--config', 'vite.server.config.ts'], 'the server');

await import(pathToFileURL(SERVER_ENTRY).href);
