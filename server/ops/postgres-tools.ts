/**
 * PostgreSQL's own client programs (pg_dump, pg_restore) and a first connection to DATABASE_URL. The programs
 * come from Debian's PostgreSQL packages, in /usr/lib/postgresql/<major>/bin (newest first: pg_dump must be
 * at least as new as the server), else from PATH. The password is handed over in PGPASSWORD rather than on
 * the command line, where every user of the machine could read it in the process list.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { loadPg } from '../db/pg';
import { OpsError } from './command';

const DEBIAN_ROOT = '/usr/lib/postgresql';
/** A database that does not answer within this fails the command instead of hanging a cron job. */
const CONNECT_TIMEOUT_MS = 10_000;

/** Where to look for the programs: each Debian major's bin folder under `root`, newest first, then PATH's. */
export function candidateDirs(root: string, pathVariable: string | undefined): string[] {
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((x, y) => Number(y) - Number(x))
    : [];
  const path = (pathVariable ?? '').split(delimiter).filter(Boolean);
  return [...majors.map((major) => join(root, major, 'bin')), ...path];
}

export function findPgProgram(
  name: 'pg_dump' | 'pg_restore',
  dirs = candidateDirs(DEBIAN_ROOT, process.env.PATH),
): string {
  const dir = dirs.find((candidate) => existsSync(join(candidate, name)));
  if (dir === undefined) {
    throw new OpsError(
      `PostgreSQL's ${name} was not found (looked in ${DEBIAN_ROOT}/*/bin and PATH): install Debian's ` +
        'postgresql-client package, of the same major version as the server or newer.',
    );
  }
  return join(dir, name);
}

/** The URL without its password (safe to print, and to pass on a command line) and the password apart. */
export function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password === '' ? undefined : decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), password };
}

/** host:port/database, for messages: never the user's password. */
export function describeDatabase(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
}

/**
 * Runs pg_dump or pg_restore on DATABASE_URL: `--dbname` carries the URL without its password, and
 * --no-password makes a missing password an error instead of a prompt no one answers. Resolves with standard
 * output; fails with the program's own message.
 */
export function runPgProgram(name: 'pg_dump' | 'pg_restore', databaseUrl: string | undefined, args: string[]) {
  const program = findPgProgram(name);
  const env = { ...process.env };
  const connection: string[] = [];
  if (databaseUrl !== undefined) {
    const { url, password } = splitPassword(databaseUrl);
    if (password !== undefined) env.PGPASSWORD = password;
    connection.push(`--dbname=${url}`, '--no-password');
  }
  return new Promise<string>((resolve, reject) => {
    execFile(
      program,
      [...connection, ...args],
      { env, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) reject(new OpsError(`${name} failed: ${stderr.trim() || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

/**
 * One connection to DATABASE_URL, for `work`; an unreachable database, a wrong password or a missing database
 * fail here with the address and the driver's reason, before pg_dump or pg_restore is started.
 */
export async function withConnection<T>(
  databaseUrl: string,
  work: (query: (text: string) => Promise<Array<Record<string, unknown>>>) => Promise<T>,
): Promise<T> {
  const client = new (loadPg().Client)({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A connection the database ends between two statements fails the next one; unwatched, it would end the command.
  let lost: Error | undefined;
  client.on('error', (error) => (lost = error));
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new OpsError(`Cannot reach the database ${describeDatabase(databaseUrl)}: ${(error as Error).message}`);
  }
  try {
    return await work(async (text) => {
      if (lost) throw new OpsError(`Lost the database ${describeDatabase(databaseUrl)}: ${lost.message}`);
      return (await client.query(text)).rows as Array<Record<string, unknown>>;
    });
  } finally {
    await client.end();
  }
}
