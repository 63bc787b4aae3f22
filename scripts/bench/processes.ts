/**
 * The processes `npm run bench` (scripts/bench.ts) starts and watches: each party in a process of its own, stopped
 * and its files removed however the run ends; their memory and CPU read from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Processes and folders to remove even when the run ends early (the hard limit, Ctrl-C). */
const children = new Set<ChildProcess>();
const temporaryDirs = new Set<string>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
});

export function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporaryDirs.add(dir);
  return dir;
}

/** Starts `node <args>`; resolves with its address once it prints "listening on http://…", and the time it took. */
export async function startListening(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; base: string; startedMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let output = '';
  const base = await new Promise<string>((resolvePromise, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolvePromise(match[1]!);
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before listening:\n${output}`)));
  });
  // Up means answering, not only listening.
  for (;;) {
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res) {
      await res.arrayBuffer();
      break;
    }
  }
  return { child, base, startedMs: performance.now() - started };
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolvePromise();
    child.once('exit', () => resolvePromise());
    child.kill('SIGTERM');
  });
}

/** The largest resident set of process `pid` while `work` runs, sampled every 50 ms from /proc. */
export async function peakRssMb<T>(pid: number, work: Promise<T>): Promise<{ result: T; rssMb: number }> {
  let peakKb = 0;
  const sample = () => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) peakKb = Math.max(peakKb, Number(match[1]));
  };
  sample();
  const timer = setInterval(sample, 50);
  try {
    const result = await work;
    sample();
    return { result, rssMb: peakKb / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** Linux's clock tick, the unit of /proc/<pid>/stat's CPU times (`getconf CLK_TCK`: 100 on every Linux we run). */
export const CLOCK_TICKS_PER_SECOND = 100;

/** The CPU time process `pid` has used so far, in clock ticks (user + system, /proc/<pid>/stat). */
export function cpuTicks(pid: number): number {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
