/**
 * `npm start` must serve the current app without a separate build step: if the built index.html is
 * missing or older than any source file, run `vite build` first.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** What the browser bundle is built from. */
const SOURCES = ['src', 'machines', 'index.html', 'public', 'vite.config.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file changes its directory's mtime
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function isBuildStale(staticDir: string, projectRoot = process.cwd()): boolean {
  const index = join(staticDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(projectRoot, source)) > built);
}

export function runViteBuild(staticDir: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    // --outDir so STATIC_DIR and vite agree even when STATIC_DIR is not vite's default `dist`.
    const child = spawn('npx', ['vite', 'build', '--outDir', resolve(staticDir), '--emptyOutDir'], {
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`vite build failed (${signal ?? `exit code ${code}`}).`));
    });
  });
}
