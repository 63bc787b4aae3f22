/**
 * Backup files on disk: checking that FILE can be written before any work starts, putting a finished backup
 * in place at once (a half-written one never carries FILE's name, so a failed nightly run leaves the
 * previous night's file whole), and telling from the first bytes which database a backup is for.
 */
import { accessSync, closeSync, constants, fsyncSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { OpsError } from './command';

/** Where a backup is written until it is complete; renamed to FILE then (same folder, so the rename is atomic). */
export function partialPath(file: string): string {
  return `${file}.partial-${process.pid}`;
}

/** Fails with a clear message, before anything is copied, when FILE cannot be written. */
export function assertWritable(file: string): void {
  const folder = dirname(resolve(file));
  const kind = statOrUndefined(folder);
  if (kind === undefined)
    throw new OpsError(`Cannot write the backup to ${file}: the folder ${folder} does not exist.`);
  if (!kind.isDirectory()) throw new OpsError(`Cannot write the backup to ${file}: ${folder} is not a folder.`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new OpsError(`Cannot write the backup to ${file}: the folder ${folder} is not writable by this user.`);
  }
  if (statOrUndefined(file)?.isDirectory()) throw new OpsError(`Cannot write the backup to ${file}: it is a folder.`);
}

/** Makes `partial` durable, then gives it FILE's name (replacing an older backup there only now). */
export function putInPlace(partial: string, file: string): void {
  syncFile(partial);
  renameSync(partial, file);
  syncFile(dirname(resolve(file)));
}

/**
 * Creates the empty partial file readable by this user only, before SQLite or pg_dump write into it (they
 * keep an existing file's mode): a backup holds password hashes, sessions' hashes and customers' details.
 */
export function createPrivate(partial: string): void {
  rmSync(partial, { force: true });
  closeSync(openSync(partial, 'wx', 0o600));
}

export function removeQuietly(path: string): void {
  rmSync(path, { force: true });
}

/** fsync of a file or a folder (a folder: so that a rename in it survives a power cut). */
export function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export type BackupKind = 'sqlite' | 'postgres' | 'unknown';

const SQLITE_MAGIC = 'SQLite format 3\0';
const PG_DUMP_MAGIC = 'PGDMP';

/** What a backup file is, from its first bytes: a SQLite database, a pg_dump custom-format archive, or neither. */
export function backupKind(file: string): BackupKind {
  const kind = statOrUndefined(file);
  if (kind === undefined) throw new OpsError(`No backup at ${file}: the file does not exist.`);
  if (!kind.isFile()) throw new OpsError(`${file} is not a file.`);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new OpsError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const head = Buffer.alloc(16);
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const text = head.toString('latin1');
  if (text === SQLITE_MAGIC) return 'sqlite';
  if (text.startsWith(PG_DUMP_MAGIC)) return 'postgres';
  return 'unknown';
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
