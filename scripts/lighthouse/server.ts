/**
 * The production build for `npm run lighthouse` (scripts/lighthouse.ts): built when stale, and the compiled server
 * started as `npm start` starts it, on a free loopback port and a temporary DATA_DIR, with nothing leaving the machine.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CLIENT_SOURCES, SERVER_SOURCES, isStale } from '../build-check.mjs';
import { startCommand } from '../start-command.mjs';

export function buildIfStale(): void {
  const steps: Array<[string, string[], readonly string[], string]> = [
    ['the browser app', [], CLIENT_SOURCES, 'dist/index.html'],
    ['the server', ['--config', 'vite.server.config.ts'], SERVER_SOURCES, 'dist-server/main.js'],
  ];
  for (const [what, args, sources, output] of steps) {
    if (!isStale(resolve(output), sources)) continue;
    console.log(`[lighthouse] ${what} is missing or out of date: building it…`);
    const vite = ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', ...args];
    const build = spawnSync(process.execPath, vite, { stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`building ${what} failed`);
  }
}

/** A port nothing listens on right now: the server needs it before it starts, for its PUBLIC_URL. */
function freePort(host: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePromise(address.port) : reject()));
    });
  });
}

/** The compiled server as `npm start` runs it; resolves with its address once /api/health answers. */
export async function startServer(
  host: string,
  children: Set<ChildProcess>,
  temporaryDirs: Set<string>,
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort(host);
  const base = `http://${host}:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-lighthouse-'));
  temporaryDirs.add(dataDir);
  const start = startCommand();
  const child = spawn(process.execPath, start.args, {
    env: {
      ...process.env,
      ...start.env,
      PORT: String(port),
      HOST: host,
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      STATIC_DIR: resolve('dist'),
      // SQLite in DATA_DIR, mail to its outbox, no geolocation service: nothing leaves the machine.
      DATABASE_URL: '',
      SMTP_URL: '',
      GEOLOCATION_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  // Kept for the error message, should the server fail to start or stop during the runs.
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`))),
  );
  const deadline = Date.now() + 30_000;
  const healthy = (async () => {
    while (Date.now() < deadline) {
      const res = await fetch(`${base}/api/health`).catch(() => null);
      if (res?.ok) return;
      await res?.arrayBuffer();
      await new Promise((wait) => setTimeout(wait, 100));
    }
    throw new Error(`the server did not answer /api/health within 30 s:\n${output}`);
  })();
  await Promise.race([healthy, exited]);
  exited.catch(() => {}); // From here on an exit is ours (stopServer) or shows as failed runs.
  return { child, base };
}

/** SIGTERM lets the server drain; SIGKILL if it has not gone after its grace period and some. */
export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}
