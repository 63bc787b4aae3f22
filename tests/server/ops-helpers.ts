/** What the in-process tests of server/ops/ share (ops.test.ts, ops-sqlite.test.ts). */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { openDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { migrations } from '#server/db/migrations/index';
import type { Database } from '#server/db/schema';
import { OpsError } from '#server/ops/command';
import { backupSqlite } from '#server/ops/sqlite';
import { insertUser } from '#server/users/repository';
import { createDataDir } from './helpers';

/** Processes holding a database open for a test; killed by `killHolders` in the file's afterAll. */
const holders: ChildProcess[] = [];

export function killHolders(): void {
  for (const child of holders) child.kill('SIGKILL');
}

export const ALL_MIGRATIONS = Object.keys(migrations);

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `prefix` then the size of `bytes` in MB (exactly as the operator reads it) and any duration: the time is the
 * only part of a printed line a test cannot know.
 */
export function timedLine(prefix: string, bytes: number): RegExp {
  const megabytes = bytes / 1_000_000;
  return new RegExp(`^${escape(prefix)}${escape(megabytes.toFixed(megabytes < 10 ? 2 : 1))} MB in \\d+\\.\\d\\d s\\.$`);
}

export async function insertAccount(db: Kysely<Database>, email: string, name = 'Kept Customer'): Promise<void> {
  await insertUser(db, { id: email, name, email, passwordHash: null, now: new Date(), emailVerified: true });
}

export async function users(db: Kysely<Database>): Promise<Array<{ email: string; name: string }>> {
  const rows = await db.selectFrom('users').select(['email', 'name']).orderBy('email').execute();
  await db.destroy();
  return rows;
}

/** A DATA_DIR holding the server's migrated database with `emails` as accounts; the handle is closed again. */
export async function siteWith(emails: string[]): Promise<string> {
  const dataDir = createDataDir();
  const db = openDatabase(dataDir);
  await migrate(db);
  for (const email of emails) await insertAccount(db, email);
  await db.destroy();
  return dataDir;
}

/** A SQLite backup file of a site holding `emails`, made by backupSqlite. */
export async function sqliteBackup(emails: string[]): Promise<string> {
  const file = join(createDataDir(), 'site.backup');
  await backupSqlite(await siteWith(emails), file, () => {});
  return file;
}

/** The error `work` fails with (it must fail). */
export async function failure(work: Promise<unknown>): Promise<Error> {
  try {
    await work;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

/** Expects `work` to fail with an OpsError carrying exactly `message`. */
export async function refused(work: Promise<unknown>, message: string): Promise<void> {
  const error = await failure(work);
  expect(error).toBeInstanceOf(OpsError);
  expect(error.message).toBe(message);
}

/** `refused`, for the checks that throw at once. */
export function refusedNow(work: () => unknown, message: string): void {
  let caught: unknown;
  try {
    work();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(OpsError);
  expect((caught as Error).message).toBe(message);
}

/** Another process that holds `file` open, as a running server holds its database: live-site.ts looks for such. */
export async function holdOpen(file: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['-e', "require('fs').openSync(process.argv[1], 'r'); console.log('ready'); setInterval(() => {}, 1000);", file],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  holders.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited with ${String(code)}`)));
  });
  return child;
}

export async function release(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/**
 * The files under `dir` this process holds open, read from /proc/self/fd (Linux): a backup or restore that left one
 * open would hold the disk space of a file it replaced, and its descriptors would run out over the nights of a
 * long-running server.
 */
export function openFilesUnder(dir: string): string[] {
  const open: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(`${dir}/`)) open.push(target);
    } catch {
      // The descriptor readdir itself used, closed by now.
    }
  }
  return open;
}
