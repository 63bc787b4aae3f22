/**
 * A throw-away PostgreSQL for the tests, started from the machine's own packages (no Docker, no
 * network): a fresh cluster in a temporary folder, listening on loopback at a free port, trust auth (or a password), gone
 * again on `stop()`. The `postgres` project runs one for the whole run (tests/postgres-server.ts); a test that
 * needs a cluster to itself (to stop it under an app, to run several instances) starts its own. Every
 * `createDatabase()` gives a new empty database in it, so tests need not share tables.
 *
 * PostgreSQL refuses to run as root: when the tests run as root the folder is handed to the `postgres` user
 * and every server binary runs through `runuser -u postgres`.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';

const run = promisify(execFile);

/**
 * Where Debian's postgresql packages put their binaries (/usr/lib/postgresql/<major>/bin, newest first);
 * /usr/local/bin may hold links to them. CI installs the package when it is missing (.ci/run), so the tests
 * that need PostgreSQL always run: a machine without it fails them rather than skipping them.
 */
function binDirs(): string[] {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((x, y) => Number(y) - Number(x))
    : [];
  return [...majors.map((major) => join(root, major, 'bin')), '/usr/local/bin', '/usr/bin'];
}

function binary(name: string): string {
  const dirs = binDirs();
  const dir = dirs.find((candidate) => existsSync(join(candidate, name)));
  if (!dir) throw new Error(`PostgreSQL's ${name} was not found in ${dirs.join(', ')}; install Debian's postgresql.`);
  return join(dir, name);
}

const asRoot = process.getuid?.() === 0;
const postgresUid = () => Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
const postgresGid = () => Number(execFileSync('id', ['-g', 'postgres']).toString().trim());

/** [command, args] running `name` as the postgres user when we are root, as ourselves otherwise. */
function command(name: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', binary(name), ...args]] : [binary(name), args];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<db> of a database made for the caller. */
  url: string;
  /** Another fresh, empty database in the same cluster; resolves to its URL. */
  createDatabase(): Promise<string>;
  /**
   * Stops the server and removes its folder; safe to call twice. By default it first lets the clients leave:
   * a pool's `end()` (Kysely's `destroy()`) resolves once it has asked its connections to close, not once they
   * have, so a fast shutdown right after it would cut connections still closing. A client still connected after
   * a few seconds is a handle some test left open: it is reported, and the server stops anyway.
   * `{ outage: true }` stops at once, for tests that cut the database under an app on purpose.
   */
  stop(options?: { outage?: boolean }): Promise<void>;
  /** Kills the server as a crash would (`pg_ctl stop -m immediate`), keeping its data for `restart()`. */
  crash(): Promise<void>;
  /** Starts the crashed server again, on the same port, with the same data; it recovers from its log first. */
  restart(): Promise<void>;
}

export interface StartPostgresOptions {
  /**
   * Commits reach the disk (fsync, synchronous_commit and full_page_writes on, PostgreSQL's defaults), as in
   * production; for measurements (npm run bench), where the tests' shortcut would flatter PostgreSQL.
   */
  durable?: boolean;
  /**
   * How many clients it lets in at once (PostgreSQL's default: 100). The run's shared cluster serves two test
   * files at a time, and a file keeps the pools of all its test servers open until it ends.
   */
  maxConnections?: number;
  /**
   * The postgres user's password, asked of every client over TCP (scram-sha-256; the Unix socket stays trusted):
   * for the tools that must hand a password on. The URLs carry it, encoded.
   */
  password?: string;
}

let databaseCounter = 0;

export async function startPostgres({
  durable = false,
  maxConnections = 100,
  password,
}: StartPostgresOptions = {}): Promise<TestPostgres> {
  // Short path: the Unix socket's path (<dir>/.s.PGSQL.<port>) must stay under ~107 bytes.
  const dir = mkdtempSync(join(tmpdir(), 'pg-'));
  if (asRoot) chownSync(dir, postgresUid(), postgresGid());
  const data = dir;
  // initdb reads the password from a file, outside the folder it must find empty.
  const passwordFile = password === undefined ? undefined : join(mkdtempSync(join(tmpdir(), 'pgpw-')), 'password');
  if (passwordFile !== undefined) {
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o644 });
    if (asRoot) chownSync(dirname(passwordFile), postgresUid(), postgresGid());
  }
  const auth =
    passwordFile === undefined
      ? ['--auth=trust']
      : ['--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${passwordFile}`];
  const [initCmd, initArgs] = command('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    ...auth,
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  try {
    await run(initCmd, initArgs);
  } finally {
    if (passwordFile !== undefined) rmSync(dirname(passwordFile), { recursive: true, force: true });
  }

  let port = 0;
  let options = '';
  let started = false;
  // A free port may be taken between asking and listening (another test file starting its own server): retry.
  for (let attempt = 0; attempt < 5 && !started; attempt += 1) {
    port = await freePort();
    // fsync off unless durable: a crash only loses a throw-away database, and tests run much faster without it.
    const durability = durable
      ? '-c fsync=on -c synchronous_commit=on -c full_page_writes=on'
      : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';
    options = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections} ${durability}`;
    const [ctlCmd, ctlArgs] = command('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      join(data, 'server.log'),
      '-w',
      'start',
    ]);
    try {
      await run(ctlCmd, ctlArgs);
      started = true;
    } catch (error) {
      if (attempt === 4) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    const [ctlCmd, ctlArgs] = command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    try {
      execFileSync(ctlCmd, ctlArgs, { stdio: 'ignore' });
    } catch {
      // already down
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A test run that dies before afterAll must not leave a server behind.
  process.once('exit', stopSync);

  const createDatabase = async (): Promise<string> => {
    databaseCounter += 1;
    const name = `test_${process.pid}_${databaseCounter}`;
    // Through the Unix socket, which stays trusted when TCP asks for a password.
    const [cmd, args] = command('createdb', ['-h', data, '-p', String(port), '-U', 'postgres', name]);
    await run(cmd, args);
    const user = password === undefined ? 'postgres' : `postgres:${encodeURIComponent(password)}`;
    return `postgres://${user}@127.0.0.1:${port}/${name}`;
  };

  const pgCtl = (args: string[]) => {
    const [cmd, cmdArgs] = command('pg_ctl', ['-D', data, ...args]);
    return run(cmd, cmdArgs);
  };

  return {
    url: await createDatabase(),
    createDatabase,
    async crash() {
      await pgCtl(['-m', 'immediate', '-w', 'stop']);
    },
    async restart() {
      await pgCtl(['-o', options, '-l', join(data, 'server.log'), '-w', 'start']);
    },
    async stop({ outage = false } = {}) {
      if (stopped) return;
      // The exit hook stays until the server is down: a worker that ends while this still waits (an afterAll
      // past its timeout on a busy machine) must not leave the server running.
      if (!outage) {
        // A smart shutdown refuses new connections and waits for the open ones to end.
        const [smartCmd, smartArgs] = command('pg_ctl', ['-D', data, '-m', 'smart', '-t', '5', '-w', 'stop']);
        try {
          await run(smartCmd, smartArgs);
          stopped = true;
          process.removeListener('exit', stopSync);
          rmSync(dir, { recursive: true, force: true });
          return;
        } catch {
          console.warn(
            `[tests] PostgreSQL on port ${port} still had clients 5 s after it was asked to stop: a test left a ` +
              'database handle open (destroy it before stopping the cluster). Stopping it anyway.',
          );
        }
      }
      const [ctlCmd, ctlArgs] = command('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      try {
        await run(ctlCmd, ctlArgs);
      } catch {
        stopSync();
        return;
      }
      stopped = true;
      process.removeListener('exit', stopSync);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A cluster for one test file: started when a test first asks for it, stopped after the file. None is started
 * for a file whose tests are all filtered out, as StrykerJS filters them by name for each mutant: a cluster
 * started when the file loads (or in a describe's body) would outlive it, since the file's afterAll never runs,
 * and thousands of them filled a disk (docs/testing.md#mutation-testing).
 */
export function clusterForFile(options: StartPostgresOptions = {}): () => Promise<TestPostgres> {
  let starting: Promise<TestPostgres> | undefined;
  afterAll(async () => {
    if (starting) await (await starting).stop();
  });
  return () => (starting ??= startPostgres(options));
}
