/**
 * The real server in a process of its own, as an operator runs it (`npm start`: plain node on the compiled
 * dist-server/main.js, built by tests/build-server.ts): for the tests of what only a whole process shows
 * (draining on SIGTERM, several instances on one database, a kill mid-load). `--dev` serves the API only, so
 * no client build is needed. Every process started here is killed, and its
 * folder removed, by `stopSpawnedServers` (call it in afterEach or afterAll).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCommand } from '#scripts/start-command.mjs';

export type LogLine = Record<string, unknown> & { event?: string };

export interface Running {
  child: ChildProcess;
  port: number;
  dataDir: string;
  /** The server's JSON log lines so far. */
  lines: LogLine[];
  /** What happened, in the order the test saw it: log events, and the test's own observations. */
  seen: string[];
  /** Resolves with the exit code. */
  exited(): Promise<number | null>;
  waitForEvent(event: string): Promise<LogLine>;
}

const running: ChildProcess[] = [];
const dirs: string[] = [];

/** Kills what is still running (SIGKILL) and removes the folders; resolves once every process has exited. */
export async function stopSpawnedServers(): Promise<void> {
  await Promise.all(
    running.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const START = startCommand();
/** `npm start` with --dev: the production entry, with its node flags, serving the API only. */
export const START_COMMAND = [...START.args, '--dev'];
/** What `npm start` adds to the environment (the allocator's settings). */
export const START_ENV = START.env;

/** Long enough for a start-up on a busy two-core machine. */
export const WAIT_MS = 30_000;

export async function within<T>(what: string, promise: Promise<T>, output: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${WAIT_MS} ms. Output:\n${output()}`)), WAIT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function startServer(env: Record<string, string> = {}): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-spawned-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, START_COMMAND, {
    env: {
      ...process.env,
      ...START_ENV,
      DATA_DIR: dataDir,
      STATIC_DIR: dataDir,
      DATABASE_URL: '',
      SHUTDOWN_GRACE_SECONDS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  let pending = '';
  const lines: LogLine[] = [];
  const seen: string[] = [];
  const waiters: Array<() => void> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop()!;
    for (const text of complete) {
      if (!text.startsWith('{')) continue;
      const line = JSON.parse(text) as LogLine;
      lines.push(line);
      if (typeof line.event === 'string' && line.event.startsWith('shutdown.')) seen.push(line.event);
    }
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': by then every line the process wrote has been read.
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      seen.push(`exit ${code}`);
      for (const wake of waiters.splice(0)) wake();
      resolve(code);
    }),
  );
  const waitFor = <T>(what: string, check: () => T | undefined): Promise<T> =>
    within(
      what,
      new Promise<T>((resolve) => {
        const test = () => {
          const found = check();
          if (found !== undefined) resolve(found);
          else waiters.push(test);
        };
        test();
      }),
      () => output,
    );

  const port = await waitFor('listening', () => {
    const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
    return match ? Number(match[1]) : undefined;
  });
  return {
    child,
    port,
    dataDir,
    lines,
    seen,
    exited: () => within('exit', exited, () => output),
    waitForEvent: (event) => waitFor(event, () => lines.find((line) => line.event === event)),
  };
}
