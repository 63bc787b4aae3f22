/**
 * Vitest's global set-up: the tests that run the server as a process of its own run it as production does
 * (`node scripts/start.mjs`, on the compiled dist-server/main.js). Built here once, when stale, so that test
 * files starting servers at the same moment never build it side by side.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { SERVER_SOURCES, isStale } from '#scripts/build-check.mjs';

export default function buildServer(): void {
  if (!isStale(resolve('dist-server/main.js'), SERVER_SOURCES)) return;
  const result = spawnSync(
    process.execPath,
    [resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.server.config.ts'],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('building the server (vite.server.config.ts) failed');
}
