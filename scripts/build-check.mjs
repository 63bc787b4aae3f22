// Plain JavaScript on purpose: `npm start` runs it with plain `node`, before anything is built.
// A build is stale when its output is missing or older than any file it is built from (a deleted file
// changes its folder's time, so folders count too).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the browser bundle (dist/) is built from. */
export const CLIENT_SOURCES = [
  'src',
  'machines',
  'domain',
  'index.html',
  'public',
  'vite.config.ts',
  'package-lock.json',
];
/** What the server bundle (dist-server/) is built from: its own code, what it shares, and its packages. */
export const SERVER_SOURCES = ['server', 'domain', 'machines', 'vite.server.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when `output` (a file) is missing or older than any of `sources` (relative to `root`). */
export function isStale(output, sources, root = process.cwd()) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}
